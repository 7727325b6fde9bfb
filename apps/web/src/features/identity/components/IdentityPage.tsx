import type { IdentityStatus } from '@app/contracts';
import {
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthError,
  istDateKey,
  latestAdultBirthDate,
  rupeesToPaise,
  validateIdentitySubmission,
  type IdentityDocument,
} from '@app/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { PayAlert } from '../../wallet/components/PayAlert';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { formatPaise } from '../../../shared/money';
import { dateOfBirthSubmitted, identityRequested, identitySubmitted } from '../identity.slice';
import { selectIdentity } from '../selectors';

const STATUS_KIND: Record<IdentityStatus, 'success' | 'warning' | 'error'> = {
  'not-submitted': 'warning',
  pending: 'warning',
  verified: 'success',
  rejected: 'error',
};

/** The date of birth of an account older than the field: recorded once, 18 or older on the IST date. */
function DateOfBirthForm({ saving, serverError }: { saving: boolean; serverError?: string }) {
  const dispatch = useAppDispatch();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = istDateKey(Date.now());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = dateOfBirthError(value, today);
    setError(problem);
    if (!problem) dispatch(dateOfBirthSubmitted({ dateOfBirth: value }));
  };
  const shown = translateServerMessage(error ?? serverError);
  return (
    <form
      className="pay-form card identity-card"
      onSubmit={submit}
      noValidate
      aria-label={i18n.t('identity.dateOfBirthForm')}
    >
      <h2>{i18n.t('identity.dateOfBirthHeading')}</h2>
      <p className="muted">{i18n.t('identity.dateOfBirthNeeded')}</p>
      <div className="pay-field">
        <label className="pay-field__label" htmlFor="identity-dob">
          {i18n.t('identity.dateOfBirth')}
        </label>
        <input
          id="identity-dob"
          className="pay-input"
          type="date"
          max={latestAdultBirthDate(today)}
          min="1900-01-01"
          value={value}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? 'identity-dob-error' : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {shown && (
          <span id="identity-dob-error" className="pay-field__error">
            {shown}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {i18n.t('identity.saveDateOfBirth')}
      </button>
    </form>
  );
}

/** Full name as on the document and its number; the form checks what the server checks (validateIdentitySubmission). */
function SubmissionForm({
  document,
  saving,
  serverErrors,
}: {
  document: IdentityDocument;
  saving: boolean;
  serverErrors: Record<string, string>;
}) {
  const dispatch = useAppDispatch();
  const [fullName, setFullName] = useState('');
  const [documentNumber, setDocumentNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateIdentitySubmission({ fullName, documentNumber }, document);
    setErrors(checked.errors as Record<string, string>);
    if (checked.ok)
      dispatch(identitySubmitted({ fullName: checked.value.fullName, documentNumber: checked.value.documentNumber }));
  };
  const errorOf = (field: 'fullName' | 'documentNumber') =>
    translateServerMessage(errors[field] ?? serverErrors[field]);
  return (
    <form className="pay-form card identity-card" onSubmit={submit} noValidate aria-label={i18n.t('identity.details')}>
      <div className="pay-field">
        <label className="pay-field__label" htmlFor="identity-name">
          {i18n.t('identity.fullName', { document: document.name })}
        </label>
        <input
          id="identity-name"
          className="pay-input"
          type="text"
          autoComplete="name"
          value={fullName}
          maxLength={100}
          aria-invalid={errorOf('fullName') ? true : undefined}
          aria-describedby={errorOf('fullName') ? 'identity-name-error' : undefined}
          onChange={(e) => setFullName(e.target.value)}
        />
        {errorOf('fullName') && (
          <span id="identity-name-error" className="pay-field__error">
            {errorOf('fullName')}
          </span>
        )}
      </div>
      <div className="pay-field">
        <label className="pay-field__label" htmlFor="identity-number">
          {i18n.t('identity.documentNumber', { document: document.name })}
        </label>
        <input
          id="identity-number"
          className="pay-input pay-mono"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={document.example || undefined}
          value={documentNumber}
          maxLength={40}
          aria-invalid={errorOf('documentNumber') ? true : undefined}
          aria-describedby={errorOf('documentNumber') ? 'identity-number-error' : undefined}
          onChange={(e) => setDocumentNumber(e.target.value.toUpperCase())}
        />
        {errorOf('documentNumber') && (
          <span id="identity-number-error" className="pay-field__error">
            {errorOf('documentNumber')}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? i18n.t('identity.submitting') : i18n.t('identity.submit')}
      </button>
    </form>
  );
}

/**
 * /identity: the player's identity check (KYC). Its status, what was submitted (the number masked), a rejection's
 * reason; the form while nothing is pending or verified; the date of birth of an account that has none.
 */
export function IdentityPage() {
  const dispatch = useAppDispatch();
  const { identity, loading, loadError, saving, error, fieldErrors, message } = useAppSelector(selectIdentity);
  // A switch of language draws this screen and its forms again.
  useT();
  useEffect(() => {
    dispatch(identityRequested());
  }, [dispatch]);

  const status = identity?.status;
  const document: IdentityDocument | null = identity ? { ...identity.document, visible: 4 } : null;
  const canSubmit = status === 'not-submitted' || status === 'rejected';

  return (
    <Screen title={i18n.t('identity.title')} className="identity">
      <h1>{i18n.t('identity.title')}</h1>
      <p className="muted">{i18n.t('identity.intro')}</p>
      {!identity && loading && <Spinner label={i18n.t('identity.loading')} />}
      {loadError && (
        <p className="pay-error" role="alert">
          {translateServerMessage(loadError)}
        </p>
      )}
      {message && <PayAlert kind="success">{translateServerMessage(message)}</PayAlert>}
      {error && !Object.keys(fieldErrors).length && <PayAlert kind="error">{translateServerMessage(error)}</PayAlert>}

      {identity && status && (
        <>
          <section className="card identity-card" aria-label={i18n.t('identity.statusAria')}>
            <dl className="identity-facts">
              <div>
                <dt>{i18n.t('identity.statusLabel')}</dt>
                <dd>
                  <span
                    className={`identity-status identity-status--${STATUS_KIND[status]}`}
                    data-testid="identity-status"
                  >
                    {i18n.t(`identity.statuses.${status}`)}
                  </span>
                </dd>
              </div>
              {identity.fullName && (
                <div>
                  <dt>{i18n.t('identity.name')}</dt>
                  <dd>{identity.fullName}</dd>
                </div>
              )}
              {identity.documentNumber && (
                <div>
                  <dt>{i18n.t('identity.document')}</dt>
                  <dd className="pay-mono">
                    {identity.documentType} {identity.documentNumber}
                  </dd>
                </div>
              )}
            </dl>
            {status === 'pending' && <p>{i18n.t('identity.pendingNote')}</p>}
            {status === 'verified' && <p>{i18n.t('identity.verifiedNote')}</p>}
            {status === 'rejected' && identity.rejectionReason && (
              <PayAlert kind="error">
                {i18n.t('identity.rejectedBecause', { reason: translateServerMessage(identity.rejectionReason) })}
              </PayAlert>
            )}
            {status !== 'verified' && (
              <p className="muted">
                {i18n.t('identity.depositNote', {
                  threshold: formatPaise(rupeesToPaise(identity.depositThreshold)),
                  deposited: formatPaise(rupeesToPaise(identity.deposited)),
                })}
              </p>
            )}
          </section>

          {identity.dateOfBirth === null && (
            <DateOfBirthForm
              saving={saving}
              serverError={
                fieldErrors.dateOfBirth ?? (error === DATE_OF_BIRTH_MESSAGES.alreadyRecorded ? error : undefined)
              }
            />
          )}
          {canSubmit && document && <SubmissionForm document={document} saving={saving} serverErrors={fieldErrors} />}
        </>
      )}
    </Screen>
  );
}
