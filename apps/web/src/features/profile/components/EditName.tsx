import { USERNAME_MAX_LENGTH, usernameError } from '@app/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { TextField } from '../../../shared/ui/TextField';
import { profileUpdateErrorCleared, profileUpdateRequested } from '../profile.slice';
import { selectProfileUpdate } from '../selectors';
import { Icon } from '../../../shared/ui/Icon';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/**
 * The own profile's name, with a small edit control: PUT /user/profile with the name only. The name follows the
 * username rule the server applies (3–30 letters, digits, spaces, dots, underscores or hyphens).
 */
export function EditName({ name }: { name: string }) {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector(selectProfileUpdate);
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [submitted, setSubmitted] = useState(false);
  const sent = useRef(false);

  // Close once the server has taken the new name.
  useEffect(() => {
    if (sent.current && !pending) {
      sent.current = false;
      if (!error) setEditing(false);
    }
  }, [pending, error]);

  const open = () => {
    setValue(name);
    setSubmitted(false);
    dispatch(profileUpdateErrorCleared());
    setEditing(true);
  };

  if (!editing) {
    return (
      <div className="profile-name">
        <h2 className="profile-name__text">{name}</h2>
        <button type="button" className="profile-name__edit" aria-label={t('profile.editName')} onClick={open}>
          <Icon name="edit" size={18} />
        </button>
      </div>
    );
  }

  const trimmed = value.trim();
  const localError = submitted ? usernameError(trimmed) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (pending || usernameError(trimmed)) return;
    if (trimmed === name) {
      setEditing(false);
      return;
    }
    sent.current = true;
    dispatch(profileUpdateRequested({ name: trimmed }));
  };

  return (
    <form className="profile-name-form" onSubmit={submit} noValidate aria-label={t('profile.editName')}>
      <TextField
        label={t('profile.name')}
        name="name"
        autoComplete="nickname"
        maxLength={USERNAME_MAX_LENGTH}
        value={value}
        onChange={(v) => {
          setValue(v);
          if (error) dispatch(profileUpdateErrorCleared());
        }}
        error={translateServerMessage(localError ?? error)}
        autoFocus
      />
      <div className="profile-name-form__actions">
        <button type="submit" className="btn btn--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t('profile.saving') : t('profile.save')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)} disabled={pending}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}
