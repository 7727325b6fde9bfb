import { validateForgotPasswordEmail, normalizeEmail } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../shared/ui/TextField';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSubmit: (email: string) => void;
  pending: boolean;
}

/** Step 'email': a Gmail address ('Only Gmail addresses are accepted.'), then the code is e-mailed. */
export function EmailStep({ email, onEmailChange, onSubmit, pending }: EmailStepProps) {
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? validateForgotPasswordEmail(email) : null;
  const { t } = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (pending || validateForgotPasswordEmail(email)) return;
    onSubmit(normalizeEmail(email));
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('forgot.requestCode')}>
      <p className="muted">{t('forgot.emailIntro')}</p>
      <TextField
        label={t('auth.gmailAddress')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={onEmailChange}
        error={translateServerMessage(error)}
        autoFocus
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('forgot.sending') : t('forgot.sendOtp')}
      </button>
    </form>
  );
}
