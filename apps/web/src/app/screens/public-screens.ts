/** The screens of a signed-out visitor, loaded together with the first of them (see AppRoutes). */
export { LandingPage } from '../../features/landing/components/LandingPage';
export { LoginPage } from '../../features/auth/components/LoginPage';
export { RegisterPage } from '../../features/register/components/RegisterPage';
export { ForgotPasswordPage } from '../../features/forgot-password/components/ForgotPasswordPage';
export { TermsPage } from '../../features/terms/components/TermsPage';
