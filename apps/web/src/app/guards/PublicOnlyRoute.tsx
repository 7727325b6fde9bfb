import { Navigate, Outlet } from 'react-router-dom';
import { selectAuth } from '../../features/auth/selectors';
import { FullScreenSpinner } from '../../shared/ui/Spinner';
import { useAppSelector } from '../hooks';
import { ADMIN_HOME, PLAYER_HOME } from '../paths';

/** Public-only routes (SPEC 2): a spinner while loading; signed-in visitors go to their home. */
export function PublicOnlyRoute() {
  const { isLoading, isAuthenticated, role } = useAppSelector(selectAuth);

  if (isLoading) return <FullScreenSpinner label="Checking your session" />;
  if (isAuthenticated) return <Navigate to={role === 'super-admin' ? ADMIN_HOME : PLAYER_HOME} replace />;
  return <Outlet />;
}
