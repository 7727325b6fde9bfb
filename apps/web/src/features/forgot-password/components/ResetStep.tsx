import { RESET_PASSWORD_MIN_LENGTH, validateResetPassword } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { PASSWORD_INPUT_MAX_LENGTH } from '../../auth/password-input';
import { useCommonPasswords } from '../../auth/use-common-passwords';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

interface ResetStepProps {
  /** The address of step 1: the new password must not be made from it. */
  email: string;
  onSubmit: (password: string) => void;
  pending: boolean;
}

/**
 * Step 'reset': the new password (at least 6 characters and at most 128 like registration, not a common one, not
 * made from the address) and its confirmation. The input stops at 128; the check says so above it.
 */
export function ResetStep({ email, onSubmit, pending }: ResetStepProps) {
  const [password, setPassword] = useState('');
  const { t } = useT();
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const commonPasswords = useCommonPasswords();
  const result = validateResetPassword({ password, confirmPassword }, { email, commonPasswords });
  const errors = submitted ? result.errors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (pending || !result.ok) return;
    onSubmit(result.value.password);
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('forgot.setNew')}>
      <p className="muted">{t('forgot.chooseNew')}</p>
      <PasswordField
        label={t('forgot.newPassword')}
        name="new-password"
        autoComplete="new-password"
        minLength={RESET_PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_INPUT_MAX_LENGTH}
        value={password}
        onChange={setPassword}
        error={translateServerMessage(errors.password)}
        autoFocus
      />
      <PasswordField
        label={t('forgot.confirmNew')}
        name="confirm-password"
        autoComplete="new-password"
        maxLength={PASSWORD_INPUT_MAX_LENGTH}
        value={confirmPassword}
        onChange={setConfirmPassword}
        error={translateServerMessage(errors.confirmPassword)}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('forgot.saving') : t('forgot.resetPassword')}
      </button>
    </form>
  );
}
