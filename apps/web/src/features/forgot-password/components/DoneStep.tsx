import { Icon } from '../../../shared/ui/Icon';

interface DoneStepProps {
  notice: string | null;
  onLogin: () => void;
}

export const PASSWORD_RESET_TEXT = 'Your password has been reset.';

/** Step 'done': the password is changed; the button goes to /login. */
export function DoneStep({ notice, onLogin }: DoneStepProps) {
  return (
    <div className="auth-done">
      <span className="auth-done__icon" aria-hidden="true">
        <Icon name="check" size={32} strokeWidth={2.5} />
      </span>
      <p className="form-alert form-alert--success" role="status">
        {notice ?? PASSWORD_RESET_TEXT}
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={onLogin}>
        Go to login
      </button>
    </div>
  );
}
