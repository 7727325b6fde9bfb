import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectAuth } from '../../features/auth/selectors';
import { FullScreenSpinner } from '../../shared/ui/Spinner';
import { useAppSelector } from '../../shared/store-hooks';
import { ADMIN_HOME, playerReturnPath, readLoginRouteState } from '../../shared/paths';
import { i18n } from '../../shared/i18n/i18n';

/**
 * Public-only routes (SPEC 2): a spinner while loading; signed-in visitors go to their home — a player to the page
 * the protected-route guard sent them away from, when there was one (`playerReturnPath`), else the games.
 */
export function PublicOnlyRoute() {
  const { isLoading, isAuthenticated, role } = useAppSelector(selectAuth);
  const location = useLocation();

  if (isLoading) return <FullScreenSpinner label={i18n.t('common.checkingSession')} />;
  if (isAuthenticated) {
    const to =
      role === 'super-admin'
        ? ADMIN_HOME
        : playerReturnPath(readLoginRouteState(location.state).from, window.location.origin);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
