import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/LoginPage';
import { DepositPage } from '../features/deposit/components/DepositPage';
import { FairnessPage } from '../features/fairness/components/FairnessPage';
import { ForgotPasswordPage } from '../features/forgot-password/components/ForgotPasswordPage';
import { GameScreen } from '../features/game/components/GameScreen';
import { HistoryScreen } from '../features/history/components/HistoryScreen';
import { LandingPage } from '../features/landing/components/LandingPage';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import { PublicProfilePage } from '../features/profile/components/PublicProfilePage';
import { RegisterPage } from '../features/register/components/RegisterPage';
import { TermsPage } from '../features/terms/components/TermsPage';
import { WalletPage } from '../features/wallet/components/WalletPage';
import { WithdrawPage } from '../features/withdraw/components/WithdrawPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Spinner } from '../shared/ui/Spinner';
import { AppLayout } from './AppLayout';
import { ProtectedRoute } from './guards/ProtectedRoute';
import { PublicOnlyRoute } from './guards/PublicOnlyRoute';
import { PATHS } from './paths';
import { RouteChangeReporter } from './RouteChangeReporter';

/**
 * The admin console (its screens, slice, saga, API calls and charting library) is its own chunk: players never
 * download it (apps/web/src/app/bundle-split.test.ts checks the build).
 */
const AdminConsole = lazy(() => import('../features/admin/components/AdminConsole').then((m) => ({ default: m.AdminConsole })));

function AdminRoute() {
  return (
    <Suspense fallback={<Spinner label="Loading the admin panel" />}>
      <AdminConsole />
    </Suspense>
  );
}

/**
 * The route table of SPEC 2. The screens of /login … /admin/dashboard are placeholders until their features land;
 * their routes and guards are final.
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
            <Route path={PATHS.terms} element={<TermsPage />} />
          </Route>

          <Route element={<ProtectedRoute />}>
            <Route path={PATHS.game} element={<GameScreen />} />
            <Route path={PATHS.history} element={<HistoryScreen />} />
            <Route path={PATHS.wallet} element={<WalletPage />} />
            <Route path={PATHS.profile} element={<ProfilePage />} />
            <Route path={PATHS.deposit} element={<DepositPage />} />
            <Route path={PATHS.withdraw} element={<WithdrawPage />} />
          </Route>

          <Route element={<ProtectedRoute superAdminOnly />}>
            <Route path={PATHS.adminDashboard} element={<AdminRoute />} />
          </Route>

          <Route path={PATHS.publicProfile} element={<PublicProfilePage />} />
          <Route path={PATHS.fairness} element={<FairnessPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
