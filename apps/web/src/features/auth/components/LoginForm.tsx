import { LOGIN_PASSWORD_MIN_LENGTH, validateLogin } from '@app/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PATHS } from '../../../app/paths';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextField } from '../../../shared/ui/TextField';
import { selectAllowedEmailDomains } from '../../config/selectors';
import { loginErrorCleared, loginRequested } from '../auth-forms.slice';
import { selectLoginRequest } from '../selectors';
import { PASSWORD_INPUT_MAX_LENGTH } from '../password-input';
import '../auth.css';

interface LoginFormProps {
  /** 'compact' is the form on the landing page: no register link (the page has its own). */
  variant?: 'page' | 'compact';
}

/**
 * Gmail address and password, errors live while typing (a field shows its error once it has been typed in, every
 * field after a submit), the server's message (or 'Network error occurred') above the button. A successful login
 * signs the player in; the public-only guard then sends a user to /game and a super-admin to /admin/dashboard.
 */
export function LoginForm({ variant = 'page' }: LoginFormProps) {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector(selectLoginRequest);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [dirty, setDirty] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);

  // A message from an earlier attempt does not belong to the next visit of the form.
  useEffect(
    () => () => {
      dispatch(loginErrorCleared());
    },
    [dispatch],
  );

  const allowedEmailDomains = useAppSelector(selectAllowedEmailDomains);
  const result = validateLogin({ email, password }, { allowedEmailDomains });
  const show = (field: 'email' | 'password') => (submitted || dirty[field] ? (result.errors[field] ?? null) : null);

  const edit = (field: 'email' | 'password', value: string) => {
    if (field === 'email') setEmail(value);
    else setPassword(value);
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
    if (error) dispatch(loginErrorCleared());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.ok || pending) return;
    dispatch(loginRequested(result.value));
  };

  const compact = variant === 'compact';
  return (
    <form className={`auth-form${compact ? ' auth-form--compact' : ''}`} onSubmit={submit} noValidate aria-label="Log in">
      <TextField
        label="Gmail address"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@gmail.com"
        value={email}
        onChange={(v) => edit('email', v)}
        error={show('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        minLength={LOGIN_PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_INPUT_MAX_LENGTH}
        value={password}
        onChange={(v) => edit('password', v)}
        error={show('password')}
      />
      {!compact && (
        <div className="auth-form__aside">
          <Link to={PATHS.forgotPassword} className="auth-link">
            Forgot password?
          </Link>
        </div>
      )}
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Logging in…' : compact ? 'Sign in' : 'Log in'}
      </button>
      {compact ? (
        <div className="auth-form__aside auth-form__aside--center">
          <Link to={PATHS.forgotPassword} className="auth-link">
            Forgot password?
          </Link>
        </div>
      ) : (
        <p className="auth-form__switch">
          New here?{' '}
          <Link to={PATHS.register} className="auth-link">
            Create an account
          </Link>
        </p>
      )}
    </form>
  );
}
