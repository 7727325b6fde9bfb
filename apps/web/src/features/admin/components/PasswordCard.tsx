import { validateAdminPasswordChange, type AdminPasswordChangeField } from '@app/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextField } from '../../../shared/ui/TextField';
import { useCommonPasswords } from '../../auth/use-common-passwords';
import { PASSWORD_INPUT_MAX_LENGTH } from '../../auth/password-input';
import { selectCurrentUser } from '../../auth/selectors';
import { passwordChangeRequested, passwordMessagesCleared } from '../admin-security.slice';
import { selectAdminSecurity } from '../security-selectors';
import { SECURITY_TEXTS } from '../security-texts';
import './admin-security.css';

type Values = Record<AdminPasswordChangeField, string>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '', code: '' };

/**
 * Setting tab, password: the current password, the new one twice (the administrator's rule of @app/domain, checked
 * live after the first try: at least 12 characters, not a common password …) and, once an authenticator is on, its
 * code or a recovery code. The server's per-field messages show under their fields; success empties the form (every
 * other session of the account is signed out).
 */
export function PasswordCard() {
  const dispatch = useAppDispatch();
  const { status, password } = useAppSelector(selectAdminSecurity);
  const user = useAppSelector(selectCurrentUser);
  const commonPasswords = useCommonPasswords();
  const [values, setValues] = useState<Values>(EMPTY);
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const needsCode = status?.twoFactorEnrolled ?? false;
  const result = validateAdminPasswordChange(values, { email: user?.email, commonPasswords, requireCode: needsCode });

  useEffect(() => {
    if (!password.done) return;
    setValues(EMPTY);
    setTried(false);
  }, [password.done]);
  useEffect(
    () => () => {
      dispatch(passwordMessagesCleared());
    },
    [dispatch],
  );

  const error = (field: AdminPasswordChangeField) =>
    (tried ? result.errors[field] : undefined) ?? password.errors[field] ?? null;
  const edit = (field: AdminPasswordChangeField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (password.error || password.done) dispatch(passwordMessagesCleared());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!result.ok || password.pending) return;
    dispatch(
      passwordChangeRequested({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
        ...(result.value.code ? { code: result.value.code } : {}),
      }),
    );
  };
  const serverFieldError = Object.keys(password.errors).length > 0;

  return (
    <section className="admin-profile card" aria-labelledby={titleId}>
      <h3 id={titleId}>{SECURITY_TEXTS.passwordTitle}</h3>
      <form className="admin-password" onSubmit={submit} noValidate aria-label="Change password">
        <PasswordField
          label={SECURITY_TEXTS.currentPassword}
          name="current-password"
          autoComplete="current-password"
          maxLength={PASSWORD_INPUT_MAX_LENGTH}
          value={values.currentPassword}
          onChange={edit('currentPassword')}
          error={error('currentPassword')}
        />
        <PasswordField
          label={SECURITY_TEXTS.newPassword}
          name="new-password"
          autoComplete="new-password"
          maxLength={PASSWORD_INPUT_MAX_LENGTH}
          hint={SECURITY_TEXTS.newPasswordHint}
          value={values.newPassword}
          onChange={edit('newPassword')}
          error={error('newPassword')}
        />
        <PasswordField
          label={SECURITY_TEXTS.confirmPassword}
          name="confirm-password"
          autoComplete="new-password"
          maxLength={PASSWORD_INPUT_MAX_LENGTH}
          value={values.confirmPassword}
          onChange={edit('confirmPassword')}
          error={error('confirmPassword')}
        />
        {needsCode && (
          <TextField
            label={SECURITY_TEXTS.currentCode}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={values.code}
            onChange={edit('code')}
            error={error('code')}
          />
        )}
        {password.error && !serverFieldError && (
          <p className="form-alert" role="alert">
            {password.error}
          </p>
        )}
        {password.done && (
          <p className="form-alert form-alert--success" role="status">
            {password.done}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={password.pending}
          aria-busy={password.pending || undefined}
        >
          {password.pending ? SECURITY_TEXTS.changing : SECURITY_TEXTS.change}
        </button>
      </form>
    </section>
  );
}
