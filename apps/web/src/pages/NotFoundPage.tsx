import { Link } from 'react-router-dom';
import { NOT_FOUND_TITLE } from '../shared/constants';
import { Screen } from '../shared/ui/Screen';
import './pages.css';

export function NotFoundPage() {
  return (
    <Screen title={NOT_FOUND_TITLE} className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p className="muted">The page you opened does not exist or has moved.</p>
      <Link to="/" className="btn btn--primary">
        Back to home
      </Link>
    </Screen>
  );
}
