import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { useScrollTopOnChange } from '../../../shared/hooks/use-scroll-top-on-change';
import { LogoMark } from '../../../shared/ui/Logo';
import { emptyOtp } from '../../../shared/ui/OtpBoxes';
import { Screen } from '../../../shared/ui/Screen';
import { RESEND_CODE_COOLDOWN_SECONDS } from '../constants';
import {
  registerCodeRequested,
  registerCodeSubmitted,
  registerDetailsEdited,
  registerReset,
  type RegisterDetails,
} from '../register.slice';
import { selectRegister } from '../selectors';
import { RegisterCodeStep } from './RegisterCodeStep';
import { selectAllowedEmailDomains } from '../../config/selectors';
import { emptyRegisterForm, RegisterDetailsForm, toRegisterDetails } from './RegisterDetailsForm';
import { useT } from '../../../shared/i18n/i18n';

/**
 * /register (public-only): details, then the e-mailed code. The form's values live here, so going back to the
 * details keeps them; the code is cleared on the way back. A created account goes to /login (with a toast).
 * A referral link `/register?ref=CODE` fills in the referral code.
 */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useAppSelector(selectRegister);
  const [values, setValues] = useState(() => emptyRegisterForm(params.get('ref')?.trim() ?? ''));
  const [code, setCode] = useState<string[]>(emptyOtp);

  // Each visit starts at step 1, and leaving the screen forgets the attempt.
  useEffect(() => {
    dispatch(registerReset());
    return () => {
      dispatch(registerReset());
    };
  }, [dispatch]);

  useEffect(() => {
    // The new account's address is filled in on the login form.
    if (state.completed)
      navigate(PATHS.login, { replace: true, state: state.email ? { email: state.email } : undefined });
  }, [state.completed, state.email, navigate]);

  const allowedEmailDomains = useAppSelector(selectAllowedEmailDomains);
  const details = (): RegisterDetails | null => toRegisterDetails(values, null, allowedEmailDomains);

  const sendCode = (d: RegisterDetails) => {
    setCode(emptyOtp());
    dispatch(registerCodeRequested(d));
  };

  const back = () => {
    setCode(emptyOtp());
    dispatch(registerDetailsEdited());
  };

  const step = state.step;
  useScrollTopOnChange(step);
  const { t } = useT();
  return (
    <Screen title={t('register.title')} className="auth-screen">
      <div className="auth-screen__intro">
        <LogoMark size={56} />
        <h1>{t('register.title')}</h1>
        <p className="muted">{step === 'details' ? t('register.step1') : t('register.step2')}</p>
      </div>
      <ol className="auth-steps" aria-hidden="true">
        <li className="auth-steps__done" />
        <li className={step === 'code' ? 'auth-steps__done' : undefined} />
      </ol>
      <div className="card auth-card">
        {step === 'details' ? (
          <RegisterDetailsForm
            values={values}
            onChange={setValues}
            onSubmit={sendCode}
            pending={state.pending !== null}
            error={state.error}
          />
        ) : (
          <RegisterCodeStep
            email={state.email ?? values.email}
            code={code}
            onCodeChange={setCode}
            onSubmit={(otp) => {
              const d = details();
              if (d) dispatch(registerCodeSubmitted({ ...d, otp }));
            }}
            onResend={() => {
              const d = details();
              if (d) sendCode(d);
            }}
            onBack={back}
            pending={state.pending}
            error={state.error}
            notice={state.notice}
            codeSentAt={state.codeSentAt}
            resendSeconds={RESEND_CODE_COOLDOWN_SECONDS}
          />
        )}
      </div>
    </Screen>
  );
}
