/**
 * One answer per socket: the bet-message answering a command id, the bet-result of a bet and a period's refund
 * notice reach a socket once, whichever way they come (live from the events streams, replayed by the bet
 * pipeline after a redelivery, or asked for again with get-bet-outcomes after a reconnection).
 */

/** Answers remembered per socket (a player sends a few bets a round; this covers many rounds). */
export const ANSWERS_REMEMBERED = 512;

interface AnswerLedger {
  answered?: Set<string>;
}

/** The key a message is answered once under, or undefined for messages that may repeat (balance, lists). */
export function answerKey(event: string, data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (event === 'bet-result' && typeof d.betId === 'string') return `result:${d.betId}`;
  if (event !== 'bet-message') return undefined;
  if (typeof d.commandId === 'string') return `command:${d.commandId}`;
  // Not the answer to a command: a notice about a period (its bets were refunded), once per period and text.
  if (typeof d.periodId === 'string' && typeof d.message === 'string') return `notice:${d.periodId}:${d.message}`;
  return undefined;
}

/** Records that the socket gets this answer; false when it had it already (the caller then does not send it). */
export function firstAnswer(socket: { data: unknown }, event: string, data: unknown): boolean {
  const key = answerKey(event, data);
  if (!key) return true;
  const ledger = (socket.data ??= {}) as AnswerLedger;
  const answered = (ledger.answered ??= new Set());
  if (answered.has(key)) return false;
  answered.add(key);
  if (answered.size > ANSWERS_REMEMBERED) answered.delete(answered.values().next().value!);
  return true;
}
