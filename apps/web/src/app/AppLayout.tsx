import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectCurrentUserId, selectIsAuthenticated, selectRole } from '../features/auth/selectors';
import { LimitsOfferStep } from '../features/play-safely/components/LimitsOfferStep';
import { InstallOffer } from '../pwa/InstallOffer';
import { PushOffer } from '../pwa/PushOffer';
import { ToastContainer } from '../features/toasts/components/ToastContainer';
import { BottomNav, isOtherUsersProfile } from '../shared/ui/BottomNav';
import { FullScreenSpinner } from '../shared/ui/Spinner';
import { useAppSelector } from '../shared/store-hooks';

/**
 * Frame of every screen: the page, the bottom nav and toasts. The player's bottom nav shows only to a signed-in
 * player (never to a signed-out visitor, never in the admin panel, which has its own bar, nor on another player's
 * profile).
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const ownUserId = useAppSelector(selectCurrentUserId);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const role = useAppSelector(selectRole);
  const isPlayer = signedIn && role === 'user';
  const showNav = isPlayer && !pathname.startsWith('/admin') && !isOtherUsersProfile(pathname, ownUserId);
  return (
    <div className={`app${showNav ? ' app--with-nav' : ''}`}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
      {showNav && <BottomNav ownUserId={ownUserId} />}
      {/* The limits step after sign-up, once, over whatever screen the player lands on. */}
      {isPlayer && <LimitsOfferStep />}
      {/* The install offer, once, after a first bet (when the browser offers installation). */}
      {isPlayer && <InstallOffer />}
      {/* The web push offer, on the wallet after a first deposit (when the server sends push). */}
      {isPlayer && pathname === '/wallet' && <PushOffer />}
      <ToastContainer />
    </div>
  );
}
