import { validateForgotPasswordEmail, normalizeEmail } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../shared/ui/TextField';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (pending || validateForgotPasswordEmail(email)) return;
    onSubmit(normalizeEmail(email));
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Request a reset code">
      <p className="muted">Enter the Gmail address of your account. We will e-mail you a 6-digit code.</p>
      <TextField
        label="Gmail address"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@gmail.com"
        value={email}
        onChange={onEmailChange}
        error={error}
        autoFocus
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Sending…' : 'Send OTP'}
      </button>
    </form>
  );
}
