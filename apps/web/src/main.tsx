// The screens' stylesheets first, the global one last (see styles/screen-styles.ts).
import './styles/screen-styles';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { guardBackForwardRestore } from './app/back-forward-guard';
import { redirectHashRoute } from './app/hash-redirect';
import { createAppStore } from './app/store';
import { localSessionHint } from './shared/api';
import './styles/global.css';

// Before the router reads the location: share links arrive as origin#/profile/{id}.
redirectHashRoute();

// After a sign-out, Back must not bring a protected screen back from the browser's page cache.
guardBackForwardRestore(window, localSessionHint, () => window.location.reload());

const store = createAppStore();
createRoot(document.getElementById('root')!).render(<App store={store} />);
