import type { LoginRequest } from '@app/contracts';
import { LOGIN_PASSWORD_MIN_LENGTH, secondFactorCodeError, signInCodeError, validateLogin } from '@app/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS, readLoginRouteState } from '../../../shared/paths';
import { emptyOtp, OtpBoxes, otpCode } from '../../../shared/ui/OtpBoxes';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextField } from '../../../shared/ui/TextField';
import { selectAllowedEmailDomains } from '../../config/selectors';
import { loginChallengeCleared, loginErrorCleared, loginRequested } from '../auth-forms.slice';
import { selectLoginRequest } from '../selectors';
import { PASSWORD_INPUT_MAX_LENGTH } from '../password-input';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

interface LoginFormProps {
  /** 'compact' is the form on the landing page: no register link (the page has its own). */
  variant?: 'page' | 'compact';
}

/**
 * Gmail address and password, errors live while typing (a field shows its error once it has been typed in, every
 * field after a submit), the server's message (or 'Network error occurred') above the button. A successful login
 * signs the player in; the public-only guard then sends a user to /game and a super-admin to /admin/dashboard.
 *
 * When the server asks for more than the password (a 401 naming `code` or `totp`), the form adds what it asks for
 * under the password, with the server's explanation: six boxes for the code e-mailed to the account (the sixth digit
 * submits; "E-mail me a new code" signs in again without one), or a field for the authenticator's code or a recovery
 * code. The address and password stay, so a mistyped password can be fixed with the code.
 */
export function LoginForm({ variant = 'page' }: LoginFormProps) {
  const dispatch = useAppDispatch();
  const { t } = useT();
  const { pending, error, challenge } = useAppSelector(selectLoginRequest);
  // A sign-in refused by a break or self-exclusion links to the withdraw-only page; a break just taken says until when.
  const { refusal, notice } = useAppSelector((state) => state.playBreak);
  const location = useLocation();
  // After registering or resetting a password, the address arrives filled in.
  const [email, setEmail] = useState(() => readLoginRouteState(location.state).email ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState<string[]>(emptyOtp);
  const [totp, setTotp] = useState('');
  const [dirty, setDirty] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [factorsSubmitted, setFactorsSubmitted] = useState(false);
  const codeErrorId = useId();
  const noteId = useId();

  // A message from an earlier attempt does not belong to the next visit of the form.
  useEffect(
    () => () => {
      dispatch(loginErrorCleared());
      dispatch(loginChallengeCleared());
    },
    [dispatch],
  );

  const asksCode = challenge?.fields.includes('code') ?? false;
  const asksTotp = challenge?.fields.includes('totp') ?? false;
  const allowedEmailDomains = useAppSelector(selectAllowedEmailDomains);
  const result = validateLogin({ email, password }, { allowedEmailDomains });
  const show = (field: 'email' | 'password') => (submitted || dirty[field] ? (result.errors[field] ?? null) : null);
  const codeError = asksCode ? signInCodeError(otpCode(code)) : null;
  const totpError = asksTotp ? secondFactorCodeError(totp) : null;

  const edit = (field: 'email' | 'password', value: string) => {
    if (field === 'email') {
      setEmail(value);
      // What this address was asked for does not apply to another one.
      if (challenge) {
        dispatch(loginChallengeCleared());
        setCode(emptyOtp());
        setTotp('');
        setFactorsSubmitted(false);
      }
    } else setPassword(value);
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
    if (error) dispatch(loginErrorCleared());
  };

  const send = (factors: Pick<LoginRequest, 'code' | 'totp'>) => {
    if (!result.ok || pending) return;
    dispatch(loginRequested({ ...result.value, ...factors }));
  };

  const submit = (event?: FormEvent, typedCode = otpCode(code)) => {
    event?.preventDefault();
    setSubmitted(true);
    if (challenge) setFactorsSubmitted(true);
    if ((asksCode && signInCodeError(typedCode)) || totpError) return;
    send({ ...(asksCode ? { code: typedCode } : {}), ...(asksTotp ? { totp: totp.trim() } : {}) });
  };

  /** Signs in again without the code: the server e-mails a new one (at most every 2 minutes) if the password is right. */
  const newCode = () => {
    setCode(emptyOtp());
    setFactorsSubmitted(false);
    send({});
  };

  const compact = variant === 'compact';
  const tr = translateServerMessage;
  return (
    <form
      className={`auth-form${compact ? ' auth-form--compact' : ''}`}
      onSubmit={submit}
      noValidate
      aria-label={t('auth.logIn')}
    >
      <TextField
        label={t('auth.gmailAddress')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={(v) => edit('email', v)}
        error={tr(show('email'))}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        minLength={LOGIN_PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_INPUT_MAX_LENGTH}
        value={password}
        onChange={(v) => edit('password', v)}
        error={tr(show('password'))}
      />
      {challenge && (
        <div className="auth-factors">
          {challenge.note && (
            <p id={noteId} className="form-alert form-alert--info" role="status">
              {tr(challenge.note)}
            </p>
          )}
          {asksCode && (
            <div className="auth-factors__code">
              <p className="field__label" aria-hidden="true">
                {t('auth.texts.codeLabel')}
              </p>
              <OtpBoxes
                label={t('auth.texts.codeLabel')}
                value={code}
                onChange={(next) => {
                  setCode(next);
                  if (error) dispatch(loginErrorCleared());
                }}
                onComplete={(full) => {
                  if (!asksTotp || !totpError) submit(undefined, full);
                }}
                disabled={pending}
                invalid={factorsSubmitted && !!codeError}
                describedBy={factorsSubmitted && codeError ? codeErrorId : undefined}
                autoFocus
              />
              {factorsSubmitted && codeError && (
                <p id={codeErrorId} className="field__error">
                  {tr(codeError)}
                </p>
              )}
              <button
                type="button"
                className="btn btn--ghost auth-factors__resend"
                onClick={newCode}
                disabled={pending}
              >
                {t('auth.texts.newCode')}
              </button>
            </div>
          )}
          {asksTotp && (
            <TextField
              label={t('auth.texts.totpLabel')}
              name="totp"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              hint={t('auth.texts.totpHint')}
              value={totp}
              onChange={(v) => {
                setTotp(v);
                if (error) dispatch(loginErrorCleared());
              }}
              error={factorsSubmitted ? tr(totpError) : null}
              autoFocus={!asksCode}
            />
          )}
        </div>
      )}
      {!compact && !challenge && (
        <div className="auth-form__aside">
          <Link to={PATHS.forgotPassword} className="auth-link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
      )}
      {error && (
        <p className="form-alert" role="alert">
          {tr(error)}
          {refusal && refusal.message === error && (
            <>
              {' '}
              <Link to={PATHS.playBreakWithdraw} className="auth-link">
                {t('auth.withdrawLink')}
              </Link>
            </>
          )}
        </p>
      )}
      {!error && notice && (
        <p className="form-alert form-alert--info" role="status">
          {tr(notice)}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending
          ? challenge
            ? t('auth.texts.verifying')
            : t('auth.loggingIn')
          : challenge
            ? t('auth.texts.verify')
            : compact
              ? t('auth.signIn')
              : t('auth.logIn')}
      </button>
      {compact || challenge ? (
        <div className="auth-form__aside auth-form__aside--center">
          <Link to={PATHS.forgotPassword} className="auth-link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
      ) : (
        <p className="auth-form__switch">
          {t('auth.newHere')}{' '}
          <Link to={PATHS.register} className="auth-link">
            {t('auth.createAccount')}
          </Link>
        </p>
      )}
    </form>
  );
}
