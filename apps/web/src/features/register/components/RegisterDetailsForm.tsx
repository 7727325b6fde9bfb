import { USERNAME_MAX_LENGTH, usernameError } from '@app/contracts';
import {
  istDateKey,
  latestAdultBirthDate,
  REGISTER_MESSAGES,
  REGISTER_PASSWORD_MIN_LENGTH,
  validateRegister,
} from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { selectAllowedEmailDomains } from '../../config/selectors';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextField } from '../../../shared/ui/TextField';
import { PASSWORD_INPUT_MAX_LENGTH } from '../../auth/password-input';
import { useCommonPasswords } from '../../auth/use-common-passwords';
import type { RegisterDetails } from '../register.slice';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

export interface RegisterFormValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** 'YYYY-MM-DD' from the date input; the player must be 18 or older (the terms: "18+ only."). */
  dateOfBirth: string;
  referralCode: string;
  terms: boolean;
}

export const emptyRegisterForm = (referralCode = ''): RegisterFormValues => ({
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  dateOfBirth: '',
  referralCode,
  terms: false,
});

/** The username's own rule (3–30 letters, digits, spaces, dots, underscores, hyphens), once it is not empty. */
function usernameRuleError(username: string): string | null {
  const trimmed = username.trim();
  return trimmed === '' ? null : usernameError(trimmed);
}

/**
 * The request of step 1 from valid form values (normalised by the domain rules; an empty referral code is left
 * out). `commonPasswords`: the common-password list once loaded; `allowedEmailDomains`: the server's
 * ALLOWED_EMAIL_DOMAINS (the domain's default when not given).
 */
export function toRegisterDetails(
  values: RegisterFormValues,
  commonPasswords: ReadonlySet<string> | null = null,
  allowedEmailDomains?: readonly string[],
): RegisterDetails | null {
  const result = validateRegister(values, {
    commonPasswords,
    allowedEmailDomains,
    requireDateOfBirth: true,
    today: istDateKey(Date.now()),
  });
  if (!result.ok || usernameRuleError(values.username)) return null;
  const { username, email, password, referralCode, dateOfBirth } = result.value;
  return {
    username,
    email,
    password,
    confirmPassword: values.confirmPassword,
    dateOfBirth,
    terms: true,
    ...(referralCode ? { referralCode } : {}),
  };
}

interface RegisterDetailsFormProps {
  values: RegisterFormValues;
  onChange: (values: RegisterFormValues) => void;
  onSubmit: (details: RegisterDetails) => void;
  pending: boolean;
  /** The server's message. */
  error: string | null;
}

type TextFieldName = Exclude<keyof RegisterFormValues, 'terms'>;

/**
 * Step 1: username, e-mail, password, confirmation, optional referral code and the terms checkbox. Submit stays
 * disabled until the terms are accepted. Messages follow the spec's checks (SPEC 5): once the player has tried to
 * submit they update live; 'All fields are required' is said once, above the button, with the empty fields marked.
 * The username also follows the server's rule (the same function from @app/contracts).
 */
export function RegisterDetailsForm({ values, onChange, onSubmit, pending, error }: RegisterDetailsFormProps) {
  const [submitted, setSubmitted] = useState(false);
  const [termsTouched, setTermsTouched] = useState(false);
  const { t } = useT();
  const alertId = useId();
  const commonPasswords = useCommonPasswords();
  const allowedEmailDomains = useAppSelector(selectAllowedEmailDomains);
  const today = istDateKey(Date.now());
  const result = validateRegister(values, { commonPasswords, allowedEmailDomains, requireDateOfBirth: true, today });
  const errors = submitted ? result.errors : {};
  const missingFields = (['username', 'email', 'password', 'confirmPassword', 'dateOfBirth'] as const).filter(
    (f) => errors[f] === REGISTER_MESSAGES.allFieldsRequired,
  );
  const fieldError = (field: TextFieldName) => {
    if (field === 'username' && submitted && usernameRuleError(values.username))
      return translateServerMessage(usernameRuleError(values.username));
    const message = errors[field as keyof typeof errors];
    return message && message !== REGISTER_MESSAGES.allFieldsRequired ? translateServerMessage(message) : null;
  };
  // Tell why the button is disabled once the terms checkbox matters: touched, or the rest of the form is filled in.
  const othersFilled =
    values.username.trim() && values.email.trim() && values.password && values.confirmPassword && values.dateOfBirth;
  const showTerms = !values.terms && (termsTouched || submitted || !!othersFilled);
  const formAlert = missingFields.length > 0 ? REGISTER_MESSAGES.allFieldsRequired : null;

  const set = (field: TextFieldName) => (value: string) => onChange({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (pending || !values.terms) return;
    const details = toRegisterDetails(values, commonPasswords, allowedEmailDomains);
    if (details) onSubmit(details);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('register.yourDetails')}>
      <TextField
        label={t('register.username')}
        name="username"
        autoComplete="nickname"
        maxLength={USERNAME_MAX_LENGTH}
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={set('username')}
        invalid={missingFields.includes('username')}
        describedBy={missingFields.includes('username') ? alertId : undefined}
        error={fieldError('username')}
      />
      <TextField
        label={t('auth.gmailAddress')}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.emailPlaceholder')}
        value={values.email}
        onChange={set('email')}
        invalid={missingFields.includes('email')}
        describedBy={missingFields.includes('email') ? alertId : undefined}
        error={fieldError('email')}
      />
      <PasswordField
        label={t('auth.password')}
        name="new-password"
        autoComplete="new-password"
        minLength={REGISTER_PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_INPUT_MAX_LENGTH}
        value={values.password}
        onChange={set('password')}
        invalid={missingFields.includes('password')}
        describedBy={missingFields.includes('password') ? alertId : undefined}
        error={fieldError('password')}
      />
      <PasswordField
        label={t('register.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        maxLength={PASSWORD_INPUT_MAX_LENGTH}
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        invalid={missingFields.includes('confirmPassword')}
        describedBy={missingFields.includes('confirmPassword') ? alertId : undefined}
        error={fieldError('confirmPassword')}
      />
      <TextField
        label={t('register.dateOfBirth')}
        type="date"
        name="bday"
        autoComplete="bday"
        min="1900-01-01"
        max={latestAdultBirthDate(today)}
        value={values.dateOfBirth}
        onChange={set('dateOfBirth')}
        invalid={missingFields.includes('dateOfBirth')}
        describedBy={missingFields.includes('dateOfBirth') ? alertId : undefined}
        error={fieldError('dateOfBirth')}
      />
      <TextField
        label={
          <>
            {t('register.referralCode')} <span className="field__optional">{t('register.optional')}</span>
          </>
        }
        name="referralCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.referralCode}
        onChange={set('referralCode')}
      />
      <div>
        <label className="check">
          <input
            type="checkbox"
            name="terms"
            checked={values.terms}
            onChange={(e) => {
              setTermsTouched(true);
              onChange({ ...values, terms: e.target.checked });
            }}
            aria-invalid={showTerms || undefined}
            aria-describedby={showTerms ? `${alertId}-terms` : undefined}
          />
          <span>
            {t('register.agree')}{' '}
            <Link to={PATHS.terms} target="_blank" rel="noopener">
              {t('register.terms')}
            </Link>
          </span>
        </label>
        {showTerms && (
          <p id={`${alertId}-terms`} className="field__error">
            {t('register.rules.termsRequired')}
          </p>
        )}
      </div>
      {formAlert && (
        <p id={alertId} className="form-alert" role="alert">
          {translateServerMessage(formAlert)}
        </p>
      )}
      {error && (
        <p className="form-alert" role="alert">
          {translateServerMessage(error)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!values.terms || pending}
        aria-busy={pending || undefined}
      >
        {pending ? t('register.sendingCode') : t('register.sendCode')}
      </button>
      <p className="auth-form__switch">
        {t('register.haveAccount')}{' '}
        <Link to={PATHS.login} className="auth-link">
          {t('register.logIn')}
        </Link>
      </p>
    </form>
  );
}
