import { LogoMark } from '../../../shared/ui/Logo';
import { Screen } from '../../../shared/ui/Screen';
import { LoginForm } from './LoginForm';
import { useT } from '../../../shared/i18n/i18n';

/** /login (public-only). */
export function LoginPage() {
  const { t } = useT();
  return (
    <Screen title={t('auth.loginTitle')} className="auth-screen">
      <div className="auth-screen__intro">
        <LogoMark size={56} />
        <h1>{t('auth.loginTitle')}</h1>
        <p className="muted">{t('auth.welcomeBack')}</p>
      </div>
      <div className="card auth-card">
        <LoginForm />
      </div>
    </Screen>
  );
}
