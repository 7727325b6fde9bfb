import { Icon } from '../../../shared/ui/Icon';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { enIN } from '../../../locales/en-IN';

interface DoneStepProps {
  notice: string | null;
  onLogin: () => void;
}

export const PASSWORD_RESET_TEXT = enIN.forgot.passwordReset;

/** Step 'done': the password is changed; the button goes to /login. */
export function DoneStep({ notice, onLogin }: DoneStepProps) {
  const { t } = useT();
  return (
    <div className="auth-done">
      <span className="auth-done__icon" aria-hidden="true">
        <Icon name="check" size={32} strokeWidth={2.5} />
      </span>
      <p className="form-alert form-alert--success" role="status">
        {notice ? translateServerMessage(notice) : t('forgot.passwordReset')}
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={onLogin}>
        {t('forgot.goToLogin')}
      </button>
    </div>
  );
}
