import type { MailMessage } from './otp-mail.js';

/** A job on the mail queue: tell a player their dispute has been answered (transactional, never marketing). */
export interface DisputeAnsweredMailJob {
  kind: 'dispute-answered';
  to: string;
  username: string;
  /** What the dispute is about, in the player's words: 'your bet in period 202611210042', 'transaction DEP…'. */
  about: string;
  answer: string;
  /** Where the player reads it in the app, e.g. 'Profile → My disputes'. */
  where: string;
}

/** The plain-text e-mail carrying the operator's answer to a dispute. */
export function renderDisputeAnsweredMail(job: DisputeAnsweredMailJob): MailMessage {
  const text = [
    `Hi ${job.username},`,
    '',
    `We have answered your dispute about ${job.about}:`,
    '',
    ...job.answer.split(/\r?\n/).map((line) => `    ${line}`),
    '',
    `You can read it, and close the dispute, in the app (${job.where}).`,
    'If the answer does not settle it, reply through the support contact on the app and quote this e-mail.',
    '',
    '— The WinRound team',
  ].join('\n');
  return { to: job.to, subject: 'Your WinRound dispute has been answered', text };
}
