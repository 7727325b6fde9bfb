import { sql, type Kysely } from 'kysely';
import type { AccountNotice, AccountNoticeKind, PlayerLanguage } from '@app/contracts';
import type { DB } from '@app/db';
import { paiseToRupees } from '@app/domain';
import { userRoom, type SocketMessage } from './socket-message.js';

/** The socket event of an account notice. */
export const NOTICE_EVENT = 'notice';

/**
 * The journal entries a player hears about outside a bet, and the notice each one is: a review decision of theirs
 * (the admin's payment review) or a referral bonus credited to them (the round engine's play-through).
 */
export const NOTICE_OF_EVENT: Readonly<Record<string, AccountNoticeKind>> = {
  DepositApproved: 'deposit-approved',
  DepositRejected: 'deposit-rejected',
  WithdrawalPaidOut: 'withdrawal-paid',
  WithdrawalReturned: 'withdrawal-rejected',
  ReferralBonusPaid: 'referral-bonus',
};

/** A notice with what its e-mail needs (who the player is, and the payout reference). */
export interface PlayerNotice {
  userId: string;
  email: string;
  username: string;
  notice: AccountNotice;
  /** The language the player reads the product in (users.language): the e-mail and the push are written in it. */
  language: PlayerLanguage;
  /** The notice's amount in paise (the wire's is rupees). */
  amountPaise: number;
  /** The reviewer's note on a paid withdrawal: the payout reference (for the e-mail; the app lists it already). */
  reference: string | null;
}

/**
 * The notices of committed journal entries (by event seq: the seqs a writer got from `recordEntries`, or the outbox
 * rows the relay found). Built from the event and its transaction row as committed, so a notice exists only for a
 * change that committed, and carries the reason the review stored. Entries that are no notice, or name no
 * transaction, give none.
 */
export async function readPlayerNotices(db: Kysely<DB>, seqs: readonly number[]): Promise<PlayerNotice[]> {
  if (seqs.length === 0) return [];
  const { rows } = await sql<{
    type: string;
    user_id: string;
    transaction_id: string;
    amount: string | number;
    admin_notes: string | null;
    email: string;
    username: string;
    language: string;
  }>`
    SELECT e.type, e.user_id, t.transaction_id, t.amount, t.admin_notes, u.email, u.username, u.language
    FROM events e
    JOIN transactions t ON t.transaction_id = e.payload->>'transactionId' AND t.user_id = e.user_id
    JOIN users u ON u.id = e.user_id
    WHERE e.seq = ANY(${[...seqs]}::bigint[]) AND e.type = ANY(${Object.keys(NOTICE_OF_EVENT)}::text[])
    ORDER BY e.seq
  `.execute(db);
  return rows.map((row) => {
    const kind = NOTICE_OF_EVENT[row.type]!;
    const rejected = kind === 'deposit-rejected' || kind === 'withdrawal-rejected';
    const note = row.admin_notes?.trim() || null;
    return {
      userId: row.user_id,
      email: row.email,
      username: row.username,
      language: row.language === 'hi-IN' ? 'hi-IN' : 'en-IN',
      notice: {
        kind,
        amount: paiseToRupees(Number(row.amount)),
        transactionId: row.transaction_id,
        ...(rejected && note ? { reason: note } : {}),
      },
      amountPaise: Number(row.amount),
      reference: kind === 'withdrawal-paid' ? note : null,
    };
  });
}

/** The socket message of a notice: to its player's room. */
export function noticeMessage(notice: PlayerNotice): SocketMessage {
  return { room: userRoom(notice.userId), event: NOTICE_EVENT, data: notice.notice };
}
