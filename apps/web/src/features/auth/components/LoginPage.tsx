import { LogoMark } from '../../../shared/ui/Logo';
import { Screen } from '../../../shared/ui/Screen';
import { LoginForm } from './LoginForm';

/** /login (public-only). */
export function LoginPage() {
  return (
    <Screen title="Login" className="auth-screen">
      <div className="auth-screen__intro">
        <LogoMark size={56} />
        <h1>Login</h1>
        <p className="muted">Welcome back. Sign in with your Gmail address.</p>
      </div>
      <div className="card auth-card">
        <LoginForm />
      </div>
    </Screen>
  );
}
