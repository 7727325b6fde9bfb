import type { DisputeAnsweredMailJob } from './dispute-mail.js';
import type { PaymentNoticeMailJob } from './payment-mail.js';

/** What a one-time code is for: registration, a password reset, or a sign-in that needs a code (after failed ones). */
export type OtpPurpose = 'register' | 'reset' | 'login';

/** A job on the mail queue: e-mail a one-time code. */
export interface OtpMailJob {
  kind: 'otp';
  to: string;
  purpose: OtpPurpose;
  code: string;
  /** Minutes the code stays valid (said in the e-mail). */
  validMinutes: number;
}

/** Every kind of e-mail the queue carries. */
export type MailJob = OtpMailJob | DisputeAnsweredMailJob | PaymentNoticeMailJob;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const IGNORE = "If you didn't ask for it, you can ignore this e-mail: nothing changes on your account.";

/** Each purpose's subject, introduction and what to do when it was not you. */
const MAIL_WORDS: Record<OtpPurpose, { subject: (code: string) => string; intro: string; notYou: string }> = {
  register: {
    subject: (code) => `${code} is your WinRound sign-up code`,
    intro: 'Welcome to WinRound! Use this code to finish creating your account:',
    notYou: IGNORE,
  },
  reset: {
    subject: (code) => `${code} is your WinRound password reset code`,
    intro: 'We received a request to reset your WinRound password. Use this code to continue:',
    notYou: IGNORE,
  },
  // Sent only when the right password was typed for an account that has seen many failed sign-ins.
  login: {
    subject: (code) => `${code} is your WinRound sign-in code`,
    intro:
      'Someone just signed in to your WinRound account with the right password. Because of recent failed sign-ins, the account also needs this code:',
    notYou:
      "If it wasn't you, someone knows your password: reset it now (Forgot password on the login page). Without this code they cannot sign in.",
  },
};

/** The plain-text e-mail carrying a one-time code. */
export function renderOtpMail(job: OtpMailJob): MailMessage {
  const { subject, intro, notYou } = MAIL_WORDS[job.purpose];
  const text = [
    'Hi,',
    '',
    intro,
    '',
    `    ${job.code}`,
    '',
    `The code works once and expires in ${job.validMinutes} minutes.`,
    notYou,
    '',
    'Never share this code with anyone. WinRound staff will never ask you for it.',
    '',
    '— The WinRound team',
  ].join('\n');
  return { to: job.to, subject: subject(job.code), text };
}
