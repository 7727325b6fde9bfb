import type { Dispute } from '@app/contracts';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { playerTimeFormat } from '../../../shared/india-time';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { disputeCloseRequested, disputesRequested } from '../disputes.slice';
import { disputeWords as words } from '../dispute-words';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

const dateFormat = playerTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

export function disputeSubjectText(dispute: Pick<Dispute, 'subjectType' | 'periodId' | 'transaction'>): string {
  return dispute.subjectType === 'bet'
    ? words.bet(dispute.periodId ?? '')
    : words.transaction(dispute.transaction?.transactionId ?? '');
}

/** /disputes: the player's disputes, each with what they wrote, our answer (or when it is due) and Close. */
export function DisputesScreen() {
  const dispatch = useAppDispatch();
  const { disputes, loading, loaded, error, closing } = useAppSelector((s) => s.disputes);
  useT();
  useEffect(() => {
    dispatch(disputesRequested());
  }, [dispatch]);
  return (
    <Screen title={words.title} className="disputes-screen">
      <h1>{words.title}</h1>
      <p className="muted">{words.sla}</p>
      {loading && !loaded && <Spinner label={words.loading} />}
      {error && (
        <p className="pay-error" role="alert">
          {translateServerMessage(error)}
        </p>
      )}
      {loaded && disputes.length === 0 && !error && <p className="muted">{words.empty}</p>}
      <ul className="disputes-list">
        {disputes.map((dispute) => (
          <li key={dispute.id} className="dispute-card card" aria-label={disputeSubjectText(dispute)}>
            <div className="dispute-card__top">
              <strong>{disputeSubjectText(dispute)}</strong>
              <span className={`badge dispute-card__status dispute-card__status--${dispute.status}`}>
                {words.status(dispute.status)}
              </span>
            </div>
            <p className="muted dispute-card__date">
              <time dateTime={dispute.createdAt}>{dateFormat.format(Date.parse(dispute.createdAt))}</time>
            </p>
            <h3 className="dispute-card__label">{words.yourText}</h3>
            <p className="dispute-card__text">{dispute.message}</p>
            {dispute.answer ? (
              <>
                <h3 className="dispute-card__label">{words.answer}</h3>
                <p className="dispute-card__text dispute-card__answer">{dispute.answer}</p>
              </>
            ) : (
              dispute.status === 'open' && (
                <p className="dispute-card__due">
                  {words.waiting} · {words.dueLabel(Date.parse(dispute.dueAt), Date.now())}
                </p>
              )
            )}
            {dispute.status !== 'closed' && (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={closing === dispute.id}
                onClick={() => dispatch(disputeCloseRequested(dispute.id))}
              >
                {words.close}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Screen>
  );
}
