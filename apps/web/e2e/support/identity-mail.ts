import { e2eState } from './state.js';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/** Every message the SMTP capture caught for `address`, oldest first. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${e2eState().mailApi}?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mail capture answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The one-time code of the first message to `address` beyond the `seen` ones already read, waiting for it to
 * arrive (the server sends through a queue). The code is the 6-digit line of the message body.
 */
export async function nextCode(
  address: string,
  seen: number,
  timeoutMs = 20_000,
): Promise<{ code: string; seen: number }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = await mailTo(address);
    if (messages.length > seen) {
      const message = messages[seen];
      const code = /^\s*(\d{6})\s*$/m.exec(message.text)?.[1];
      if (!code) throw new Error(`no 6-digit code in the e-mail "${message.subject}"`);
      return { code, seen: seen + 1 };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new e-mail to ${address} within ${timeoutMs} ms`);
}
