import { DAY_MS } from '../period/ist-day.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { FieldErrorCollector, trimmed, type FormResult } from '../validation/form-result.js';

/**
 * A player's dispute about one of their bets or transactions (player protection): opened with a short text, it
 * carries the round (period id) and a reference to the bet's fairness proof; an operator answers it within the
 * SLA, the player reads the answer in the app and by e-mail, and either of them closes it. One dispute that is not
 * closed per bet or transaction (the database's partial unique keys back it); every change is audited.
 *
 *   open ──answer (admin)──▶ answered ──close (player or admin)──▶ closed
 *     ╰────────────close (player or admin)────────────────────────╯
 */

/** Days an operator has to answer a dispute (the terms page and the dispute screen say so). */
export const DISPUTE_SLA_DAYS = 14;
export const DISPUTE_TEXT_MIN = 10;
export const DISPUTE_TEXT_MAX = 1000;
export const DISPUTE_ANSWER_MAX = 2000;

export const DISPUTE_STATUSES = ['open', 'answered', 'closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_SUBJECT_TYPES = ['bet', 'transaction'] as const;
export type DisputeSubjectType = (typeof DISPUTE_SUBJECT_TYPES)[number];

export const DISPUTE_MESSAGES = {
  textTooShort: `Please describe the problem in at least ${DISPUTE_TEXT_MIN} characters.`,
  textTooLong: `Please keep it to at most ${DISPUTE_TEXT_MAX} characters.`,
  answerRequired: 'Please write an answer.',
  answerTooLong: `The answer can be at most ${DISPUTE_ANSWER_MAX} characters.`,
  subjectRequired: 'Please choose a bet or a transaction.',
  betNotFound: 'Bet not found.',
  transactionNotFound: 'Transaction not found.',
  notFound: 'Dispute not found.',
  alreadyOpen: 'This already has a dispute that is not closed.',
  alreadyAnswered: 'This dispute has already been answered.',
  closed: 'This dispute is closed.',
  opened: `Dispute opened. We answer within ${DISPUTE_SLA_DAYS} days.`,
  answered: 'Answer sent to the player.',
  closedDone: 'Dispute closed.',
  sla: `We answer every dispute within ${DISPUTE_SLA_DAYS} days.`,
} as const;

/** The text of a dispute: trimmed, 10–1000 characters. */
export function validateDisputeText(text: unknown): string | null {
  const value = trimmed(typeof text === 'string' ? text : '');
  const length = [...value].length;
  if (length < DISPUTE_TEXT_MIN) return DISPUTE_MESSAGES.textTooShort;
  if (length > DISPUTE_TEXT_MAX) return DISPUTE_MESSAGES.textTooLong;
  return null;
}

/** An operator's answer: trimmed, 1–2000 characters. */
export function validateDisputeAnswer(answer: unknown): FormResult<'answer', { answer: string }> {
  const errors = new FieldErrorCollector<'answer'>();
  const value = trimmed(typeof answer === 'string' ? answer : '');
  if (value === '') errors.add('answer', DISPUTE_MESSAGES.answerRequired);
  else if ([...value].length > DISPUTE_ANSWER_MAX) errors.add('answer', DISPUTE_MESSAGES.answerTooLong);
  return errors.result(() => ({ answer: value }));
}

/** Whole days left to answer (ceil), 0 on the due day, negative once overdue. */
export function disputeDaysLeft(dueAtMs: number, nowMs: number): number {
  return Math.ceil((dueAtMs - nowMs) / DAY_MS);
}

/** '5 days left', '1 day left', 'Due today', 'Overdue by 2 days'. */
export function disputeDueLabel(dueAtMs: number, nowMs: number): string {
  const days = disputeDaysLeft(dueAtMs, nowMs);
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} left`;
  if (days === 0 && dueAtMs >= nowMs) return 'Due today';
  const late = Math.max(1, -days);
  return `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`;
}

export interface DisputeSubject {
  readonly type: DisputeSubjectType;
  /** The bet's id or the transaction's row id. */
  readonly id: string;
}

export interface OpenDispute {
  readonly type: 'OpenDispute';
  readonly userId: string;
  readonly subject: DisputeSubject;
  readonly message: unknown;
  readonly nowMs: number;
}
export interface AnswerDispute {
  readonly type: 'AnswerDispute';
  readonly adminId: string;
  readonly answer: unknown;
}
export interface CloseDispute {
  readonly type: 'CloseDispute';
  readonly by: { readonly id: string; readonly role: 'user' | 'super-admin' };
}
export type DisputeCommand = OpenDispute | AnswerDispute | CloseDispute;

export interface DisputeState {
  /** The bet or transaction an opening names, as loaded: its owner and round; null when there is none. */
  readonly subject: { readonly ownerId: string; readonly periodId: string | null } | null;
  /** A dispute that is not closed exists on that subject. */
  readonly subjectDisputed: boolean;
  /** The dispute an answer or a close names; null when there is none. */
  readonly dispute: { readonly userId: string; readonly status: DisputeStatus } | null;
}

export const NO_DISPUTE: DisputeState = { subject: null, subjectDisputed: false, dispute: null };

export interface DisputeOpened {
  readonly type: 'DisputeOpened';
  readonly data: {
    readonly userId: string;
    readonly subject: DisputeSubject;
    readonly periodId: string | null;
    readonly message: string;
    /** When the answer is due: opened + DISPUTE_SLA_DAYS. */
    readonly dueAtMs: number;
  };
}
export interface DisputeAnswered {
  readonly type: 'DisputeAnswered';
  readonly data: { readonly adminId: string; readonly userId: string; readonly answer: string };
}
export interface DisputeClosed {
  readonly type: 'DisputeClosed';
  readonly data: {
    readonly byId: string;
    readonly byRole: 'user' | 'super-admin';
    readonly userId: string;
    readonly previous: DisputeStatus;
  };
}
export type DisputeRefusalCode = 'INVALID' | 'NOT_FOUND' | 'ALREADY_OPEN' | 'ALREADY_ANSWERED' | 'CLOSED';
export type DisputeRefused = Refusal<'DisputeRefused', DisputeRefusalCode>;
export type DisputeEvent = DisputeOpened | DisputeAnswered | DisputeClosed | DisputeRefused;

function refuse(code: DisputeRefusalCode, message: string, errors?: Record<string, string>): DisputeRefused[] {
  return [refusal('DisputeRefused', code, message, errors)];
}

function decideOpen(command: OpenDispute, state: DisputeState): DisputeEvent[] {
  const textError = validateDisputeText(command.message);
  if (textError) return refuse('INVALID', textError, { message: textError });
  // Someone else's bet or transaction is refused exactly as one that does not exist: nothing about it is told.
  if (!state.subject || state.subject.ownerId !== command.userId) {
    return refuse(
      'NOT_FOUND',
      command.subject.type === 'bet' ? DISPUTE_MESSAGES.betNotFound : DISPUTE_MESSAGES.transactionNotFound,
    );
  }
  if (state.subjectDisputed) return refuse('ALREADY_OPEN', DISPUTE_MESSAGES.alreadyOpen);
  return [
    {
      type: 'DisputeOpened',
      data: {
        userId: command.userId,
        subject: command.subject,
        periodId: state.subject.periodId,
        message: trimmed(command.message as string),
        dueAtMs: command.nowMs + DISPUTE_SLA_DAYS * DAY_MS,
      },
    },
  ];
}

function decideAnswer(command: AnswerDispute, state: DisputeState): DisputeEvent[] {
  const input = validateDisputeAnswer(command.answer);
  if (!input.ok) return refuse('INVALID', input.error, { ...input.errors } as Record<string, string>);
  if (!state.dispute) return refuse('NOT_FOUND', DISPUTE_MESSAGES.notFound);
  if (state.dispute.status === 'answered') return refuse('ALREADY_ANSWERED', DISPUTE_MESSAGES.alreadyAnswered);
  if (state.dispute.status === 'closed') return refuse('CLOSED', DISPUTE_MESSAGES.closed);
  return [
    {
      type: 'DisputeAnswered',
      data: { adminId: command.adminId, userId: state.dispute.userId, answer: input.value.answer },
    },
  ];
}

function decideClose(command: CloseDispute, state: DisputeState): DisputeEvent[] {
  // A player closes only their own dispute; another's is not found.
  if (!state.dispute || (command.by.role !== 'super-admin' && state.dispute.userId !== command.by.id))
    return refuse('NOT_FOUND', DISPUTE_MESSAGES.notFound);
  if (state.dispute.status === 'closed') return refuse('CLOSED', DISPUTE_MESSAGES.closed);
  return [
    {
      type: 'DisputeClosed',
      data: {
        byId: command.by.id,
        byRole: command.by.role,
        userId: state.dispute.userId,
        previous: state.dispute.status,
      },
    },
  ];
}

export const disputeDecider: Decider<DisputeCommand, DisputeState, DisputeEvent> = {
  decide(command, state) {
    switch (command.type) {
      case 'OpenDispute':
        return decideOpen(command, state);
      case 'AnswerDispute':
        return decideAnswer(command, state);
      case 'CloseDispute':
        return decideClose(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DisputeOpened':
        return { ...state, subjectDisputed: true, dispute: { userId: event.data.userId, status: 'open' } };
      case 'DisputeAnswered':
        return state.dispute ? { ...state, dispute: { ...state.dispute, status: 'answered' } } : state;
      case 'DisputeClosed':
        return {
          ...state,
          subjectDisputed: false,
          dispute: state.dispute ? { ...state.dispute, status: 'closed' } : null,
        };
      case 'DisputeRefused':
        return state;
    }
  },
};

/** The decision of one command (the service's entry point). */
export function decideDispute(command: DisputeCommand, state: DisputeState): DisputeEvent[] {
  return disputeDecider.decide(command, state);
}
