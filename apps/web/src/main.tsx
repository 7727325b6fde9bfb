import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { redirectHashRoute } from './app/hash-redirect';
import { createAppStore } from './app/store';
import './styles/global.css';

// Before the router reads the location: share links arrive as origin#/profile/{id}.
redirectHashRoute();

const store = createAppStore();
createRoot(document.getElementById('root')!).render(<App store={store} />);
