import { DISPUTE_MESSAGES, DISPUTE_TEXT_MAX } from '@app/domain';

/** The player's words for disputes (the rules' messages, and the SLA line, come from @app/domain and the server). */
export const DISPUTES_TEXTS = {
  title: 'My disputes',
  open: 'Dispute',
  formTitle: 'Open a dispute',
  aboutBet: (periodId: string) => `Your bet in period ${periodId}. Its round and fairness proof go with the dispute.`,
  aboutTransaction: (transactionId: string) => `Transaction ${transactionId}.`,
  label: 'What is wrong?',
  counter: (length: number) => `${length} / ${DISPUTE_TEXT_MAX}`,
  submit: 'Send dispute',
  cancel: 'Cancel',
  sla: DISPUTE_MESSAGES.sla,
  empty: 'You have no disputes.',
  loadFailed: 'Failed to load your disputes.',
  openFailed: 'Failed to open the dispute.',
  closeFailed: 'Failed to close the dispute.',
  close: 'Close dispute',
  yourText: 'You wrote',
  answer: 'Our answer',
  waiting: 'Waiting for our answer',
  due: 'Answer due',
  bet: (periodId: string) => `Bet in period ${periodId}`,
  transaction: (transactionId: string) => `Transaction ${transactionId}`,
  status: { open: 'Open', answered: 'Answered', closed: 'Closed' } as Record<string, string>,
  link: 'My disputes',
} as const;
