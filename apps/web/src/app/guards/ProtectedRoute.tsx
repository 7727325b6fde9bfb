import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectAuth } from '../../features/auth/selectors';
import { FullScreenSpinner } from '../../shared/ui/Spinner';
import { useAppSelector } from '../../shared/store-hooks';
import { ADMIN_HOME, LOGIN_PATH, PLAYER_HOME } from '../../shared/paths';
import { i18n } from '../../shared/i18n/i18n';

interface ProtectedRouteProps {
  /** Only a super-admin may pass; a plain user is sent to the games. */
  superAdminOnly?: boolean;
}

/**
 * Protected routes (SPEC 2): a spinner while the session loads, /login when signed out. A super-admin is confined
 * to /admin/dashboard; /admin/dashboard refuses a plain user.
 */
export function ProtectedRoute({ superAdminOnly = false }: ProtectedRouteProps) {
  const { isLoading, isAuthenticated, role } = useAppSelector(selectAuth);
  const location = useLocation();

  if (isLoading) return <FullScreenSpinner label={i18n.t('common.checkingSession')} />;
  if (!isAuthenticated)
    return (
      <Navigate to={LOGIN_PATH} replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
    );
  if (role === 'super-admin' && location.pathname !== ADMIN_HOME) return <Navigate to={ADMIN_HOME} replace />;
  if (superAdminOnly && role !== 'super-admin') return <Navigate to={PLAYER_HOME} replace />;
  return <Outlet />;
}
