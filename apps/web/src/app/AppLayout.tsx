import { Outlet, useLocation } from 'react-router-dom';
import { selectCurrentUserId } from '../features/auth/selectors';
import { ToastContainer } from '../features/toasts/components/ToastContainer';
import { BottomNav, isOtherUsersProfile } from '../shared/ui/BottomNav';
import { useAppSelector } from './hooks';

/** Frame of every screen: the page, the bottom nav (not in the admin panel, which has its own bar) and toasts. */
export function AppLayout() {
  const { pathname } = useLocation();
  const ownUserId = useAppSelector(selectCurrentUserId);
  const showNav = !pathname.startsWith('/admin') && !isOtherUsersProfile(pathname, ownUserId);
  return (
    <div className={`app${showNav ? ' app--with-nav' : ''}`}>
      <Outlet />
      {showNav && <BottomNav ownUserId={ownUserId} />}
      <ToastContainer />
    </div>
  );
}
