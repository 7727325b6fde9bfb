import { validateForgotPasswordOtp } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useCooldown } from '../../../shared/hooks/use-cooldown';
import { EmailAddress } from '../../../shared/ui/EmailAddress';
import { OtpBoxes, otpCode, type OtpValue } from '../../../shared/ui/OtpBoxes';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

interface OtpStepProps {
  email: string;
  code: OtpValue;
  onCodeChange: (code: string[]) => void;
  onSubmit: (otp: string) => void;
  onResend: () => void;
  pending: boolean;
  codeSentAt: number | null;
  resendSeconds: number;
}

/** Step 'otp': six digit-only boxes (paste fills them), 'Please enter the 6-digit OTP sent to your Gmail.'. */
export function OtpStep({
  email,
  code,
  onCodeChange,
  onSubmit,
  onResend,
  pending,
  codeSentAt,
  resendSeconds,
}: OtpStepProps) {
  const { t } = useT();
  const [submitted, setSubmitted] = useState(false);
  const errorId = useId();
  const wait = useCooldown(codeSentAt, resendSeconds);
  const otp = otpCode(code);
  const error = submitted ? validateForgotPasswordOtp(otp) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (pending || validateForgotPasswordOtp(otp)) return;
    onSubmit(otp);
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('forgot.checkCode')}>
      <p className="auth-code__to">
        {t('forgot.otpSentTo')}{' '}
        <strong>
          <EmailAddress email={email} />
        </strong>
      </p>
      <OtpBoxes
        label={t('forgot.oneTimeCode')}
        value={code}
        onChange={onCodeChange}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
        autoFocus
      />
      {error && (
        <p id={errorId} className="field__error">
          {translateServerMessage(error)}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('forgot.verifying') : t('forgot.verifyOtp')}
      </button>
      <p className="auth-code__resend">
        {t('forgot.didntGetIt')}
        <button type="button" className="link-button" onClick={onResend} disabled={wait > 0 || pending}>
          {wait > 0 ? t('forgot.resendIn', { count: wait }) : t('forgot.resend')}
        </button>
      </p>
    </form>
  );
}
