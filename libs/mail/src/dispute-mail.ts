import type { PlayerLanguage } from '@app/contracts';
import type { MailMessage } from './otp-mail.js';

/** What a dispute is about: a bet (by its period) or a transaction (by its public reference). */
export type DisputeMailSubject = { type: 'bet'; periodId: string } | { type: 'transaction'; reference: string };

/** A job on the mail queue: tell a player their dispute has been answered (transactional, never marketing). */
export interface DisputeAnsweredMailJob {
  kind: 'dispute-answered';
  to: string;
  username: string;
  /** What the dispute is about, in English: 'your bet in period 202611210042', 'transaction DEP…'. */
  about: string;
  /** The same, as data, so the e-mail can say it in the player's language (absent on jobs queued before it). */
  subject?: DisputeMailSubject;
  answer: string;
  /** Where the player reads it in the app, in English, e.g. 'Profile → My disputes'. */
  where: string;
  /** The player's language (users.language); absent on jobs queued before it existed: English. */
  language?: PlayerLanguage;
}

/** Where the player reads an answer in the app, in Hindi (the app's own words: Profile → My disputes). */
export const DISPUTES_IN_APP_HI = 'प्रोफ़ाइल → मेरी शिकायतें';

function aboutInHindi(subject: DisputeMailSubject): string {
  return subject.type === 'bet' ? `पीरियड ${subject.periodId} के आपके दांव` : `लेन-देन ${subject.reference}`.trim();
}

const quoted = (answer: string) => answer.split(/\r?\n/).map((line) => `    ${line}`);

/** The plain-text e-mail carrying the operator's answer to a dispute, in the player's language. */
export function renderDisputeAnsweredMail(job: DisputeAnsweredMailJob): MailMessage {
  if (job.language === 'hi-IN' && job.subject) {
    const text = [
      `नमस्ते ${job.username},`,
      '',
      `हमने ${aboutInHindi(job.subject)} के बारे में आपकी शिकायत का जवाब दे दिया है:`,
      '',
      ...quoted(job.answer),
      '',
      `आप इसे ऐप में पढ़ सकते हैं और शिकायत बंद कर सकते हैं (${DISPUTES_IN_APP_HI})।`,
      'अगर जवाब से बात नहीं सुलझती, तो ऐप पर दिए सहायता संपर्क से जवाब दें और इस ई-मेल का हवाला दें।',
      '',
      '— WinRound टीम',
    ].join('\n');
    return { to: job.to, subject: 'आपकी WinRound शिकायत का जवाब दे दिया गया है', text };
  }
  const text = [
    `Hi ${job.username},`,
    '',
    `We have answered your dispute about ${job.about}:`,
    '',
    ...quoted(job.answer),
    '',
    `You can read it, and close the dispute, in the app (${job.where}).`,
    'If the answer does not settle it, reply through the support contact on the app and quote this e-mail.',
    '',
    '— The WinRound team',
  ].join('\n');
  return { to: job.to, subject: 'Your WinRound dispute has been answered', text };
}
