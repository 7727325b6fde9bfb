import { deciderSpecification } from '../testing/index.js';
import { DAY_MS } from '../period/ist-day.js';
import {
  DISPUTE_MESSAGES,
  DISPUTE_SLA_DAYS,
  disputeDaysLeft,
  disputeDecider,
  disputeDueLabel,
  NO_DISPUTE,
  type DisputeEvent,
  type DisputeState,
  type OpenDispute,
} from './dispute.js';

const spec = deciderSpecification(disputeDecider);
const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const BET = { type: 'bet', id: 'bet-1' } as const;

const myBet: DisputeState = { ...NO_DISPUTE, subject: { ownerId: 'asha', periodId: '202611210001' } };
const open = (
  message: unknown = 'My bet on green lost although green came up.',
  overrides: Partial<OpenDispute> = {},
): OpenDispute => ({
  type: 'OpenDispute',
  userId: 'asha',
  subject: BET,
  message,
  nowMs: NOW,
  ...overrides,
});
const opened: DisputeEvent = {
  type: 'DisputeOpened',
  data: {
    userId: 'asha',
    subject: BET,
    periodId: '202611210001',
    message: 'My bet on green lost although green came up.',
    dueAtMs: NOW + DISPUTE_SLA_DAYS * DAY_MS,
  },
};
const answered: DisputeEvent = {
  type: 'DisputeAnswered',
  data: { adminId: 'admin', userId: 'asha', answer: 'Digit 5 is violet and green? No: 5 is violet.' },
};

describe('dispute lifecycle', () => {
  describe('open', () => {
    it('opens a dispute on the player’s own bet, carrying its period, due in 14 days', () => {
      spec.given(myBet).when(open('  My bet on green lost although green came up.  ')).then([opened]);
    });

    it('opens one on a transaction (no period)', () => {
      spec
        .given({ ...NO_DISPUTE, subject: { ownerId: 'asha', periodId: null } })
        .when(open('Deposit of ₹500 not credited yet', { subject: { type: 'transaction', id: 'tx-1' } }))
        .then([
          {
            type: 'DisputeOpened',
            data: {
              userId: 'asha',
              subject: { type: 'transaction', id: 'tx-1' },
              periodId: null,
              message: 'Deposit of ₹500 not credited yet',
              dueAtMs: NOW + 14 * DAY_MS,
            },
          },
        ]);
    });

    it('refuses a second dispute while the first is not closed (open or answered)', () => {
      spec.given(myBet, opened).when(open()).thenRefused('ALREADY_OPEN', DISPUTE_MESSAGES.alreadyOpen);
      spec.given(myBet, opened, answered).when(open()).thenRefused('ALREADY_OPEN');
    });

    it('allows a new dispute once the previous one is closed', () => {
      const closed: DisputeEvent = {
        type: 'DisputeClosed',
        data: { byId: 'asha', byRole: 'user', userId: 'asha', previous: 'open' },
      };
      spec.given(myBet, opened, closed).when(open()).then([opened]);
    });

    it('refuses someone else’s bet as if it did not exist', () => {
      spec
        .given({ ...NO_DISPUTE, subject: { ownerId: 'ravi', periodId: '202611210001' } })
        .when(open())
        .thenRefused('NOT_FOUND', DISPUTE_MESSAGES.betNotFound);
      spec.given(NO_DISPUTE).when(open()).thenRefused('NOT_FOUND', DISPUTE_MESSAGES.betNotFound);
      spec
        .given(NO_DISPUTE)
        .when(open(undefined, { subject: { type: 'transaction', id: 'tx-9' } }))
        .thenRefused('NOT_FOUND', DISPUTE_MESSAGES.transactionNotFound);
    });

    it('refuses an empty, too short or too long text (before looking at the subject)', () => {
      for (const text of ['', '   ', 'too short', null, 42])
        spec.given(myBet).when(open(text)).thenRefused('INVALID', DISPUTE_MESSAGES.textTooShort);
      spec
        .given(myBet)
        .when(open('x'.repeat(1001)))
        .thenRefused('INVALID', DISPUTE_MESSAGES.textTooLong);
      spec
        .given(myBet)
        .when(open('x'.repeat(1000)))
        .then([{ ...opened, data: { ...(opened.data as object), message: 'x'.repeat(1000) } } as DisputeEvent]);
      // Ten characters, counted as a reader counts them (emoji are one each).
      expect(
        spec
          .given(myBet)
          .when(open('🙂'.repeat(10)))
          .events()[0]!.type,
      ).toBe('DisputeOpened');
    });
  });

  describe('answer', () => {
    const disputed: DisputeState = { ...myBet, subjectDisputed: true, dispute: { userId: 'asha', status: 'open' } };

    it('answers an open dispute', () => {
      spec
        .given(disputed)
        .when({ type: 'AnswerDispute', adminId: 'admin', answer: ' Digit 5 is violet and green? No: 5 is violet. ' })
        .then([answered]);
    });

    it('refuses an empty or too long answer, a second answer, a closed or unknown dispute', () => {
      spec
        .given(disputed)
        .when({ type: 'AnswerDispute', adminId: 'admin', answer: '  ' })
        .thenRefused('INVALID', DISPUTE_MESSAGES.answerRequired);
      spec
        .given(disputed)
        .when({ type: 'AnswerDispute', adminId: 'admin', answer: 'a'.repeat(2001) })
        .thenRefused('INVALID', DISPUTE_MESSAGES.answerTooLong);
      spec
        .given(myBet, opened, answered)
        .when({ type: 'AnswerDispute', adminId: 'admin', answer: 'Again' })
        .thenRefused('ALREADY_ANSWERED');
      spec
        .given({ ...disputed, dispute: { userId: 'asha', status: 'closed' } })
        .when({ type: 'AnswerDispute', adminId: 'admin', answer: 'Late' })
        .thenRefused('CLOSED');
      spec
        .given(NO_DISPUTE)
        .when({ type: 'AnswerDispute', adminId: 'admin', answer: 'Hello' })
        .thenRefused('NOT_FOUND');
    });
  });

  describe('close', () => {
    it('lets the player close their own dispute, open or answered, and the admin any', () => {
      spec
        .given(myBet, opened)
        .when({ type: 'CloseDispute', by: { id: 'asha', role: 'user' } })
        .then([{ type: 'DisputeClosed', data: { byId: 'asha', byRole: 'user', userId: 'asha', previous: 'open' } }]);
      spec
        .given(myBet, opened, answered)
        .when({ type: 'CloseDispute', by: { id: 'admin', role: 'super-admin' } })
        .then([
          {
            type: 'DisputeClosed',
            data: { byId: 'admin', byRole: 'super-admin', userId: 'asha', previous: 'answered' },
          },
        ]);
    });

    it('refuses another player’s dispute (not found) and a closed one', () => {
      spec
        .given(myBet, opened)
        .when({ type: 'CloseDispute', by: { id: 'ravi', role: 'user' } })
        .thenRefused('NOT_FOUND', DISPUTE_MESSAGES.notFound);
      const closed: DisputeEvent = {
        type: 'DisputeClosed',
        data: { byId: 'asha', byRole: 'user', userId: 'asha', previous: 'open' },
      };
      spec
        .given(myBet, opened, closed)
        .when({ type: 'CloseDispute', by: { id: 'asha', role: 'user' } })
        .thenRefused('CLOSED', DISPUTE_MESSAGES.closed);
    });
  });

  it('counts the days left to answer, and the days overdue', () => {
    const due = NOW + 14 * DAY_MS;
    expect(disputeDaysLeft(due, NOW)).toBe(14);
    expect(disputeDueLabel(due, NOW)).toBe('14 days left');
    expect(disputeDueLabel(due, due - DAY_MS)).toBe('1 day left');
    expect(disputeDueLabel(due, due - 1000)).toBe('1 day left');
    expect(disputeDueLabel(due, due)).toBe('Due today');
    expect(disputeDueLabel(due, due + 1000)).toBe('Overdue by 1 day');
    expect(disputeDueLabel(due, due + 3 * DAY_MS)).toBe('Overdue by 3 days');
  });
});
