import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spinner } from '../shared/ui/Spinner';
import { AppLayout } from './AppLayout';
import { lazyScreen as screen, preloadScreen } from './lazy-screen';
import { ProtectedRoute } from './guards/ProtectedRoute';
import { PublicOnlyRoute } from './guards/PublicOnlyRoute';
import { PATHS } from '../shared/paths';
import { RouteChangeReporter } from './RouteChangeReporter';

const publicScreens = () => import('./screens/public-screens');
/** The game, the page most visits open with, is a chunk of its own; a player's other screens are one more. */
const gameScreen = () => import('./screens/game-screen');
const playerScreens = () => import('./screens/player-screens');

/** Runs `task` once the browser is idle (or after two seconds where it cannot tell). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 2000);
}

/**
 * At start-up, the screens the first page will show start loading at once: the game's chunk on the game page of a
 * browser that was signed in, then, once the browser is idle, the player's other screens (a tap on the bottom bar then
 * finds them); a player's screens on another of a player's pages; a visitor's otherwise. Their chunks arrive while the
 * session is being restored, instead of after it. A wrong guess costs one chunk, loaded anyway on the way in or out.
 */
export function preloadFirstScreens(signedInHint: boolean, path = window.location.pathname): void {
  const ignore = () => {
    // Loaded again (and its failure shown) when the route renders.
  };
  if (!signedInHint) return void preloadScreen(publicScreens).catch(ignore);
  if (/^\/game\/?$/.test(path))
    return void preloadScreen(gameScreen)
      .then(() => whenIdle(() => void preloadScreen(playerScreens).catch(ignore)))
      .catch(ignore);
  void preloadScreen(playerScreens).catch(ignore);
}
const LandingPage = screen(publicScreens, 'LandingPage');
const LoginPage = screen(publicScreens, 'LoginPage');
const RegisterPage = screen(publicScreens, 'RegisterPage');
const ForgotPasswordPage = screen(publicScreens, 'ForgotPasswordPage');
const TermsPage = screen(publicScreens, 'TermsPage');
const GameScreen = screen(gameScreen, 'GameScreen');
const HistoryScreen = screen(playerScreens, 'HistoryScreen');
const WalletPage = screen(playerScreens, 'WalletPage');
const WithdrawPage = screen(playerScreens, 'WithdrawPage');
const IdentityPage = screen(playerScreens, 'IdentityPage');
const ProfilePage = screen(playerScreens, 'ProfilePage');
const PublicProfilePage = screen(playerScreens, 'PublicProfilePage');
const StatementScreen = screen(playerScreens, 'StatementScreen');
const DisputesScreen = screen(playerScreens, 'DisputesScreen');
/** The deposit screen draws QR codes and the fairness page hashes seeds: each brings its library along. */
const DepositPage = screen(() => import('../features/deposit/components/DepositPage'), 'DepositPage');
const FairnessPage = screen(() => import('../features/fairness/components/FairnessPage'), 'FairnessPage');
const PlaySafelyPage = screen(() => import('../features/play-safely/components/PlaySafelyPage'), 'PlaySafelyPage');
/** Breaks and self-exclusion: taking one (signed in), and the withdraw-only page of a refused sign-in. */
const PlayBreakPage = screen(() => import('../features/play-safely/components/PlayBreakPage'), 'PlayBreakPage');
const AwayWithdrawPage = screen(
  () => import('../features/play-safely/components/AwayWithdrawPage'),
  'AwayWithdrawPage',
);
const HelpPage = screen(() => import('../features/help/components/HelpPage'), 'HelpPage');
const NotFoundPage = screen(() => import('../pages/NotFoundPage'), 'NotFoundPage');

/**
 * The admin console (its screens, slice, saga, API calls and charting library) is its own chunk: players never
 * download it (apps/web/src/app/bundle-split.test.ts checks the build).
 */
const AdminConsole = screen(() => import('../features/admin/components/AdminConsole'), 'AdminConsole');

function AdminRoute() {
  return (
    <Suspense
      fallback={<Spinner label="Loading the admin panel" /* i18n-literal-ok: the admin console stays English */ />}
    >
      <AdminConsole />
    </Suspense>
  );
}

/**
 * The route table of SPEC 2. Every screen is loaded with its route (AppLayout shows a spinner meanwhile), so the
 * first page a visitor opens downloads only what it shows.
 */
export function AppRoutes() {
  return (
    <>
      <RouteChangeReporter />
      <Routes>
        <Route element={<AppLayout />}>
          <Route element={<PublicOnlyRoute />}>
            <Route path={PATHS.landing} element={<LandingPage />} />
            <Route path={PATHS.login} element={<LoginPage />} />
            <Route path={PATHS.register} element={<RegisterPage />} />
            <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
          </Route>

          <Route element={<ProtectedRoute />}>
            <Route path={PATHS.game} element={<GameScreen />} />
            <Route path={PATHS.history} element={<HistoryScreen />} />
            <Route path={PATHS.wallet} element={<WalletPage />} />
            <Route path={PATHS.profile} element={<ProfilePage />} />
            <Route path={PATHS.deposit} element={<DepositPage />} />
            <Route path={PATHS.withdraw} element={<WithdrawPage />} />
            <Route path={PATHS.playBreak} element={<PlayBreakPage />} />
            <Route path={PATHS.identity} element={<IdentityPage />} />
            <Route path={PATHS.statement} element={<StatementScreen />} />
            <Route path={PATHS.disputes} element={<DisputesScreen />} />
          </Route>

          <Route element={<ProtectedRoute superAdminOnly />}>
            <Route path={PATHS.adminDashboard} element={<AdminRoute />} />
          </Route>

          <Route path={PATHS.publicProfile} element={<PublicProfilePage />} />
          <Route path={PATHS.fairness} element={<FairnessPage />} />
          {/* The terms and the help are open to everyone, signed in or not (the terms used to send a player to /game). */}
          <Route path={PATHS.terms} element={<TermsPage />} />
          <Route path={PATHS.help} element={<HelpPage />} />
          <Route path={PATHS.playSafely} element={<PlaySafelyPage />} />
          <Route path={PATHS.playBreakWithdraw} element={<AwayWithdrawPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
