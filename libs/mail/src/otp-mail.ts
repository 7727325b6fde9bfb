/** What a one-time code is for. */
export type OtpPurpose = 'register' | 'reset';

/** A job on the mail queue: e-mail a one-time code. */
export interface OtpMailJob {
  kind: 'otp';
  to: string;
  purpose: OtpPurpose;
  code: string;
  /** Minutes the code stays valid (said in the e-mail). */
  validMinutes: number;
}

export type MailJob = OtpMailJob;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The plain-text e-mail carrying a one-time code. */
export function renderOtpMail(job: OtpMailJob): MailMessage {
  const register = job.purpose === 'register';
  const subject = register ? `${job.code} is your WinRound sign-up code` : `${job.code} is your WinRound password reset code`;
  const intro = register
    ? 'Welcome to WinRound! Use this code to finish creating your account:'
    : 'We received a request to reset your WinRound password. Use this code to continue:';
  const text = [
    'Hi,',
    '',
    intro,
    '',
    `    ${job.code}`,
    '',
    `The code works once and expires in ${job.validMinutes} minutes.`,
    "If you didn't ask for it, you can ignore this e-mail: nothing changes on your account.",
    '',
    'Never share this code with anyone. WinRound staff will never ask you for it.',
    '',
    '— The WinRound team',
  ].join('\n');
  return { to: job.to, subject, text };
}
