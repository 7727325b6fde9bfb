import { FORGOT_PASSWORD_STEPS } from '@app/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { useScrollTopOnChange } from '../../../shared/hooks/use-scroll-top-on-change';
import { emptyOtp } from '../../../shared/ui/OtpBoxes';
import { Screen } from '../../../shared/ui/Screen';
import { RESEND_CODE_COOLDOWN_SECONDS } from '../../register/constants';
import {
  forgotPasswordErrorCleared,
  forgotPasswordReset,
  forgotPasswordStepBack,
  newPasswordSubmitted,
  resetCodeRequested,
  resetCodeSubmitted,
} from '../forgot-password.slice';
import { selectForgotPassword } from '../selectors';
import { DoneStep } from './DoneStep';
import { EmailStep } from './EmailStep';
import { OtpStep } from './OtpStep';
import { ResetStep } from './ResetStep';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/**
 * /forgot-password (public-only): email → otp → reset → done. Back steps back (going back to the code clears it);
 * Back on the email step goes to /login, and the done step's button goes to /login.
 */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { step, email: sentTo, pending, error, notice, codeSentAt } = useAppSelector(selectForgotPassword);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState<string[]>(emptyOtp);

  useEffect(() => {
    dispatch(forgotPasswordReset());
    return () => {
      dispatch(forgotPasswordReset());
    };
  }, [dispatch]);

  // The address the code went to is filled in on the login form.
  const toLogin = () => navigate(PATHS.login, sentTo ? { state: { email: sentTo } } : undefined);

  const back = () => {
    if (step === 'email') {
      toLogin();
      return;
    }
    setCode(emptyOtp());
    dispatch(forgotPasswordStepBack());
  };

  const requestCode = (address: string) => {
    setCode(emptyOtp());
    dispatch(resetCodeRequested(address));
  };

  const stepIndex = FORGOT_PASSWORD_STEPS.indexOf(step);
  useScrollTopOnChange(step);
  const { t } = useT();
  return (
    <Screen title={t('forgot.title')} className="auth-screen">
      <div className="auth-screen__intro">
        <h1>{t('forgot.title')}</h1>
        <p className="muted">{t(`forgot.steps.${step}`)}</p>
      </div>
      <ol className="auth-steps" aria-hidden="true">
        {FORGOT_PASSWORD_STEPS.filter((s) => s !== 'done').map((s, i) => (
          <li key={s} className={i <= stepIndex ? 'auth-steps__done' : undefined} />
        ))}
      </ol>
      <div className="card auth-card">
        {notice && step !== 'done' && !error && (
          <p className="form-alert form-alert--info auth-card__notice" role="status">
            {notice}
          </p>
        )}
        {step === 'email' && (
          <EmailStep
            email={email}
            onEmailChange={(v) => {
              setEmail(v);
              if (error) dispatch(forgotPasswordErrorCleared());
            }}
            onSubmit={requestCode}
            pending={pending}
          />
        )}
        {step === 'otp' && (
          <OtpStep
            email={sentTo ?? email}
            code={code}
            onCodeChange={(next) => {
              setCode(next);
              if (error) dispatch(forgotPasswordErrorCleared());
            }}
            onSubmit={(otp) => dispatch(resetCodeSubmitted({ email: sentTo ?? email, otp }))}
            onResend={() => requestCode(sentTo ?? email)}
            pending={pending}
            codeSentAt={codeSentAt}
            resendSeconds={RESEND_CODE_COOLDOWN_SECONDS}
          />
        )}
        {step === 'reset' && (
          <ResetStep
            email={sentTo ?? email}
            pending={pending}
            onSubmit={(password) => dispatch(newPasswordSubmitted({ email: sentTo ?? email, password }))}
          />
        )}
        {step === 'done' && <DoneStep notice={notice} onLogin={toLogin} />}
        {error && (
          <p className="form-alert auth-card__error" role="alert">
            {translateServerMessage(error)}
          </p>
        )}
        {step !== 'done' && (
          <button type="button" className="btn btn--ghost btn--block auth-card__back" onClick={back} disabled={pending}>
            {t('forgot.back')}
          </button>
        )}
      </div>
    </Screen>
  );
}
