import { REGISTER_MESSAGES } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { EmailAddress } from '../../../shared/ui/EmailAddress';
import { OtpBoxes, isOtpComplete, otpCode, type OtpValue } from '../../../shared/ui/OtpBoxes';
import { useCooldown } from '../../../shared/hooks/use-cooldown';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

interface RegisterCodeStepProps {
  email: string;
  code: OtpValue;
  onCodeChange: (code: string[]) => void;
  /** Sends the code (on the sixth digit, or the button). */
  onSubmit: (code: string) => void;
  onResend: () => void;
  /** Back to the details; the screen clears the code. */
  onBack: () => void;
  pending: 'sending' | 'verifying' | null;
  error: string | null;
  notice: string | null;
  /** When the last code was sent: resending waits `resendSeconds` after it. */
  codeSentAt: number | null;
  resendSeconds: number;
}

/**
 * Step 2: six single-digit boxes that submit themselves on the sixth digit, the button for a second try, a resend
 * link with a cooldown, and a button back to the details.
 */
export function RegisterCodeStep({
  email,
  code,
  onCodeChange,
  onSubmit,
  onResend,
  onBack,
  pending,
  error,
  notice,
  codeSentAt,
  resendSeconds,
}: RegisterCodeStepProps) {
  const { t } = useT();
  const errorId = useId();
  const [tried, setTried] = useState(false);
  const wait = useCooldown(codeSentAt, resendSeconds);
  const complete = isOtpComplete(code);
  const localError = tried && !complete ? REGISTER_MESSAGES.codeInvalid : null;
  const shownError = error ?? localError;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (!complete || pending) return;
    onSubmit(otpCode(code));
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('register.verificationCode')}>
      <p className="auth-code__to">
        {t('register.codeSentTo')}{' '}
        <strong>
          <EmailAddress email={email} />
        </strong>
      </p>
      {notice && !error && (
        <p className="form-alert form-alert--info" role="status">
          {translateServerMessage(notice)}
        </p>
      )}
      <OtpBoxes
        label={t('register.verificationCode')}
        value={code}
        onChange={(next) => {
          onCodeChange(next);
          setTried(false);
        }}
        onComplete={(full) => {
          setTried(true);
          if (!pending) onSubmit(full);
        }}
        invalid={!!shownError}
        describedBy={shownError ? errorId : undefined}
        autoFocus
      />
      {shownError && (
        <p id={errorId} className="form-alert" role="alert">
          {translateServerMessage(shownError)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!complete || pending !== null}
        aria-busy={pending === 'verifying' || undefined}
      >
        {pending === 'verifying' ? t('forgot.verifying') : t('register.verifyCreate')}
      </button>
      <p className="auth-code__resend">
        {t('forgot.didntGetIt')}
        <button type="button" className="link-button" onClick={onResend} disabled={wait > 0 || pending !== null}>
          {pending === 'sending'
            ? t('forgot.sending')
            : wait > 0
              ? t('register.resendIn', { count: wait })
              : t('register.resend')}
        </button>
      </p>
      <button type="button" className="btn btn--ghost btn--block" onClick={onBack} disabled={pending === 'verifying'}>
        {t('register.editDetails')}
      </button>
    </form>
  );
}
