import type { AdminIdentitySubmission } from '@app/contracts';
import { PLAYER_REASON_MAX } from '@app/domain';
import { useEffect, useId, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import type { IdentityFilter } from '../identity-api';
import {
  identityDecisionClosed,
  identityDecisionRequested,
  identityRejectOpened,
  identitySubmissionsRequested,
  type AdminIdentityState,
} from '../identity.slice';
import { ADMIN_IDENTITY_TEXTS } from '../identity-texts';
import { checkReason, ReasonDialog } from './ReasonDialog';
import './players.css';

const selectIdentity = (state: { adminIdentity?: AdminIdentityState }) => state.adminIdentity;
const FILTERS: IdentityFilter[] = ['pending', 'verified', 'rejected', 'all'];
const dateTimeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });

/**
 * Identity tab: the players' identity submissions (pending first, oldest first), the document number masked, a warning
 * when the same number was submitted by another account. Verify, or reject with a reason the player sees (audited).
 */
export function IdentityTab() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectIdentity);
  const titleId = useId();
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current || !state || state.loaded) return;
    requested.current = true;
    dispatch(identitySubmissionsRequested('pending'));
  }, [dispatch, state]);

  if (!state) return null;
  const deciding = state.deciding;
  const rejecting =
    deciding?.action === 'reject' ? state.submissions.find((s) => s.submissionId === deciding.submissionId) : undefined;

  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <h2 id={titleId}>{ADMIN_IDENTITY_TEXTS.title}</h2>
        {state.loading && <Spinner size="sm" label="Loading identity submissions" />}
      </div>
      <label className="players-search__only">
        {ADMIN_IDENTITY_TEXTS.filter}{' '}
        <select
          value={state.filter}
          onChange={(e) => dispatch(identitySubmissionsRequested(e.target.value as IdentityFilter))}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {ADMIN_IDENTITY_TEXTS.filters[f]}
            </option>
          ))}
        </select>
      </label>
      {state.error && (
        <p className="pay-error" role="alert">
          {state.error}
        </p>
      )}
      {deciding?.action === 'verify' && deciding.error && (
        <p className="pay-error" role="alert">
          {deciding.error}
        </p>
      )}
      {state.loaded && state.submissions.length === 0 && !state.error ? (
        <p className="admin-empty">{ADMIN_IDENTITY_TEXTS.empty}</p>
      ) : (
        <ul className="players-list">
          {state.submissions.map((submission) => (
            <SubmissionCard
              key={submission.submissionId}
              submission={submission}
              busy={!!deciding?.pending && deciding.submissionId === submission.submissionId}
              onVerify={() =>
                dispatch(identityDecisionRequested({ submissionId: submission.submissionId, action: 'verify' }))
              }
              onReject={() => dispatch(identityRejectOpened(submission.submissionId))}
            />
          ))}
        </ul>
      )}
      {rejecting && <RejectDialog submission={rejecting} />}
    </section>
  );
}

function SubmissionCard({
  submission,
  busy,
  onVerify,
  onReject,
}: {
  submission: AdminIdentitySubmission;
  busy: boolean;
  onVerify: () => void;
  onReject: () => void;
}) {
  const pending = submission.status === 'pending';
  return (
    <li className="players-card card" aria-label={submission.username}>
      <div className="players-card__who">
        <strong>{submission.username}</strong> <span className="muted">{submission.email}</span>
        <span
          className={`badge players-card__status players-card__status--${submission.status === 'verified' ? 'active' : 'suspended'}`}
        >
          {ADMIN_IDENTITY_TEXTS.status[submission.status] ?? submission.status}
        </span>
      </div>
      <dl className="review-details players-card__facts">
        <div>
          <dt>{ADMIN_IDENTITY_TEXTS.name}</dt>
          <dd>{submission.fullName}</dd>
        </div>
        <div>
          <dt>{ADMIN_IDENTITY_TEXTS.document}</dt>
          <dd className="pay-mono">
            {submission.documentType} {submission.documentNumber}
          </dd>
        </div>
        <div>
          <dt>{ADMIN_IDENTITY_TEXTS.dateOfBirth}</dt>
          <dd>{submission.dateOfBirth ?? '—'}</dd>
        </div>
        <div>
          <dt>{ADMIN_IDENTITY_TEXTS.submitted}</dt>
          <dd>{dateTimeOf(submission.submittedAt)}</dd>
        </div>
        {submission.rejectionReason && (
          <div>
            <dt>{ADMIN_IDENTITY_TEXTS.reject}</dt>
            <dd>{submission.rejectionReason}</dd>
          </div>
        )}
      </dl>
      {submission.sameNumberAccounts > 0 && (
        <p className="pay-error" data-testid="same-number">
          {ADMIN_IDENTITY_TEXTS.sameNumber(submission.sameNumberAccounts)}
        </p>
      )}
      {pending && (
        <div className="review-confirm__actions">
          <button type="button" className="btn btn--reject-solid" onClick={onReject} disabled={busy}>
            {ADMIN_IDENTITY_TEXTS.reject}
          </button>
          <button type="button" className="btn btn--approve" onClick={onVerify} disabled={busy}>
            {ADMIN_IDENTITY_TEXTS.verify}
          </button>
        </div>
      )}
    </li>
  );
}

function RejectDialog({ submission }: { submission: AdminIdentitySubmission }) {
  const dispatch = useAppDispatch();
  const deciding = useAppSelector(selectIdentity)!.deciding!;
  return (
    <ReasonDialog
      title={ADMIN_IDENTITY_TEXTS.rejectTitle(submission.username)}
      note={ADMIN_IDENTITY_TEXTS.rejectNote}
      label={ADMIN_IDENTITY_TEXTS.reason}
      hint={ADMIN_IDENTITY_TEXTS.reasonHint}
      cancelLabel={ADMIN_IDENTITY_TEXTS.cancel}
      submitLabel={ADMIN_IDENTITY_TEXTS.reject}
      submitClassName="btn btn--reject-solid"
      maxLength={PLAYER_REASON_MAX}
      validate={checkReason}
      pending={deciding.pending}
      fieldError={deciding.errors.reason}
      error={deciding.errors.reason ? null : deciding.error}
      onCancel={() => dispatch(identityDecisionClosed())}
      onSubmit={(reason) =>
        dispatch(identityDecisionRequested({ submissionId: submission.submissionId, action: 'reject', reason }))
      }
    />
  );
}
