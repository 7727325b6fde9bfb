/**
 * One answer per socket: the bet-message answering a command id, the bet-result of a bet and a period's refund
 * notice reach a socket once, whichever way they come (live from the events streams, replayed by the bet
 * pipeline after a redelivery, or asked for again with get-bet-outcomes after a reconnection).
 */

export { answerKey } from '@app/realtime';

/** Answers remembered per socket (a player sends a few bets a round; this covers many rounds). */
export const ANSWERS_REMEMBERED = 512;

interface AnswerLedger {
  answered?: Set<string>;
}

/**
 * Records that the socket gets the answer of key `key` (`answerKey`, carried by each message of the events streams);
 * false when it had it already (the caller then does not send it). A message without a key may repeat.
 */
export function firstAnswer(socket: { data: unknown }, key: string | undefined): boolean {
  if (!key) return true;
  const ledger = (socket.data ??= {}) as AnswerLedger;
  const answered = (ledger.answered ??= new Set());
  if (answered.has(key)) return false;
  answered.add(key);
  if (answered.size > ANSWERS_REMEMBERED) answered.delete(answered.values().next().value!);
  return true;
}
