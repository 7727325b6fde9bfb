import type { AdminDispute, DisputeStatus } from '@app/contracts';
import {
  DISPUTE_ANSWER_MAX,
  DISPUTE_STATUSES,
  disputeDaysLeft,
  disputeDueLabel,
  formatRupees,
  validateDisputeAnswer,
} from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { indiaTimeFormat } from '../../../shared/india-time';
import { Spinner } from '../../../shared/ui/Spinner';
import { adminDisputeActionRequested, adminDisputesRequested, type AdminDisputesState } from '../admin-disputes.slice';
import { ADMIN_DISPUTES_TEXTS as T } from '../admin-disputes-texts';
import './disputes.css';

const selectDisputes = (state: { adminDisputes?: AdminDisputesState }) => state.adminDisputes;
const dateFormat = indiaTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(Date.parse(iso)) : '');

/**
 * Disputes tab: open, answered and closed disputes, each with its evidence beside it (the bet, its period's result and
 * a link to verify the period, or the transaction with its review), the days left to answer (or overdue), an answer
 * form for an open one and Close.
 */
export function DisputesTab() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectDisputes);
  const titleId = useId();
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current || !state || state.loaded) return;
    requested.current = true;
    dispatch(adminDisputesRequested('open'));
  }, [dispatch, state]);
  if (!state) return null;
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <h2 id={titleId}>{T.title}</h2>
        {state.loading && <Spinner size="sm" label="Loading disputes" />}
      </div>
      <div className="disputes-filter" role="group" aria-label="Dispute status">
        {DISPUTE_STATUSES.map((status: DisputeStatus) => (
          <button
            key={status}
            type="button"
            className={`btn ${state.status === status ? 'btn--primary' : 'btn--ghost'}`}
            aria-pressed={state.status === status}
            onClick={() => dispatch(adminDisputesRequested(status))}
          >
            {T.filters[status]}
          </button>
        ))}
      </div>
      {state.error && (
        <p className="pay-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loaded && state.disputes.length === 0 && !state.error ? (
        <p className="admin-empty">{T.empty}</p>
      ) : (
        <ul className="admin-disputes">
          {state.disputes.map((dispute) => (
            <DisputeCard key={dispute.id} dispute={dispute} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Evidence({ dispute }: { dispute: AdminDispute }) {
  const { bet, transaction } = dispute;
  if (bet) {
    return (
      <dl className="review-details">
        <div>
          <dt>{T.evidence}</dt>
          <dd>{T.bet(bet.periodId)}</dd>
        </div>
        <div>
          <dt>{T.choice}</dt>
          <dd>
            {bet.betType} · {bet.betValue}
          </dd>
        </div>
        <div>
          <dt>{T.stake}</dt>
          <dd>{formatRupees(bet.amount)}</dd>
        </div>
        <div>
          <dt>{T.drawn}</dt>
          <dd>
            {bet.result
              ? `${bet.result.digit} · ${bet.result.color} · ${bet.result.bigSmall}`
              : `${T.notDrawn}${bet.periodStatus ? ` (${bet.periodStatus})` : ''}`}
          </dd>
        </div>
        <div>
          <dt>{T.outcome}</dt>
          <dd>
            {bet.status}
            {bet.isWin === true ? ` · WIN ${formatRupees(bet.winAmount)}` : bet.isWin === false ? ' · LOSS' : ''}
          </dd>
        </div>
        <div>
          <dd>
            <a
              href={`${PATHS.fairness}?${new URLSearchParams({ period: bet.periodId }).toString()}`}
              target="_blank"
              rel="noreferrer"
            >
              {T.verify}
            </a>
          </dd>
        </div>
      </dl>
    );
  }
  if (transaction) {
    return (
      <dl className="review-details">
        <div>
          <dt>{T.evidence}</dt>
          <dd>{T.transaction(transaction.transactionId)}</dd>
        </div>
        <div>
          <dt>{transaction.type}</dt>
          <dd>
            {formatRupees(transaction.amount)} · {transaction.method} · {transaction.status}
            {transaction.utrNumber ? ` · UTR ${transaction.utrNumber}` : ''}
          </dd>
        </div>
        <div>
          <dt>{T.review}</dt>
          <dd>
            {transaction.reviewedAt
              ? `${when(transaction.reviewedAt)}${transaction.adminNotes ? ` · ${transaction.adminNotes}` : ''}`
              : T.notReviewed}
          </dd>
        </div>
      </dl>
    );
  }
  return null;
}

function DisputeCard({ dispute }: { dispute: AdminDispute }) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectDisputes)!.acting;
  const mine = acting?.id === dispute.id ? acting : null;
  const [answer, setAnswer] = useState('');
  const [tried, setTried] = useState(false);
  const answerId = useId();
  const errorId = useId();
  const checked = validateDisputeAnswer(answer);
  const error = (tried && !checked.ok ? checked.errors.answer : undefined) ?? mine?.errors.answer ?? null;
  const due = Date.parse(dispute.dueAt);
  const overdue = dispute.status === 'open' && disputeDaysLeft(due, Date.now()) < 0;
  const send = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.ok || mine?.pending) return;
    dispatch(adminDisputeActionRequested({ id: dispute.id, action: { answer: checked.value.answer } }));
  };
  return (
    <li
      className={`admin-dispute card${overdue ? ' admin-dispute--overdue' : ''}`}
      aria-label={`${dispute.player.username} ${dispute.periodId ?? dispute.transaction?.transactionId ?? ''}`}
    >
      <div className="admin-dispute__head">
        <strong>{dispute.player.username}</strong> <span className="muted">{dispute.player.email}</span>
        {dispute.status === 'open' && (
          <span className={`badge admin-dispute__due${overdue ? ' admin-dispute__due--overdue' : ''}`}>
            {disputeDueLabel(due, Date.now())}
          </span>
        )}
      </div>
      <p className="muted admin-dispute__when">
        {T.opened} {when(dispute.createdAt)}
        {dispute.answeredAt ? ` · ${T.answered} ${when(dispute.answeredAt)}` : ''}
      </p>
      <div className="admin-dispute__body">
        <div>
          <h3 className="admin-dispute__label">{T.wrote}</h3>
          <p className="admin-dispute__text">{dispute.message}</p>
          {dispute.answer && (
            <>
              <h3 className="admin-dispute__label">{T.answer}</h3>
              <p className="admin-dispute__text">{dispute.answer}</p>
            </>
          )}
        </div>
        <Evidence dispute={dispute} />
      </div>
      {dispute.status === 'open' && (
        <form className="admin-dispute__answer" onSubmit={send} noValidate>
          <label htmlFor={answerId} className="field__label">
            {T.answer}
          </label>
          <textarea
            id={answerId}
            rows={3}
            maxLength={DISPUTE_ANSWER_MAX}
            value={answer}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setAnswer(e.target.value)}
          />
          {error ? (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          ) : (
            <p className="field__hint muted">{T.answerHint}</p>
          )}
          <button type="submit" className="btn btn--primary" disabled={mine?.pending}>
            {T.send}
          </button>
        </form>
      )}
      {mine?.error && !mine.errors.answer && (
        <p className="pay-error" role="alert">
          {mine.error}
        </p>
      )}
      {dispute.status !== 'closed' && (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={mine?.pending}
          onClick={() => dispatch(adminDisputeActionRequested({ id: dispute.id, action: 'close' }))}
        >
          {T.close}
        </button>
      )}
    </li>
  );
}
