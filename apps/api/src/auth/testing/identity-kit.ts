import { randomBytes } from 'node:crypto';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '@app/mail/testing';
import { startTestStack, type TestApi, type TestApiOptions, type TestEngine, type TestResponse } from '@app/testing';

/** An api node, the round engine (its mail worker sends the codes) and a real SMTP server catching them. */
export interface IdentityStack {
  api: TestApi;
  engine: TestEngine;
  mail: MailCatcher;
  close(): Promise<void>;
}

export async function startIdentityStack(options: TestApiOptions = {}): Promise<IdentityStack> {
  const mail = await startMailCatcher();
  const smtp = `smtp://127.0.0.1:${mail.port}`;
  const { api, engine, close } = await startTestStack({
    ...options,
    env: { SMTP_URL: smtp, ...options.env },
    engineEnv: { SMTP_URL: smtp },
  });
  return {
    api,
    engine,
    mail,
    async close() {
      await close();
      await mail.stop();
    },
  };
}

/** The six-digit code in an e-mail. */
export function codeIn(message: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match) throw new Error(`no code in: ${message.text}`);
  return match[1]!;
}

/** Waits for the next e-mail to `address` sent after `since` and returns its code. */
export async function nextCode(mail: MailCatcher, address: string, since: number): Promise<string> {
  return codeIn(await mail.waitFor(address, { since }));
}

/** `refreshToken=…` from a response's Set-Cookie (for the next request's Cookie header), or undefined. */
export function refreshCookie(res: TestResponse): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='));
  return line?.split(';')[0];
}

export function setCookieLine(res: TestResponse): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='));
}

/** The reset ticket's Set-Cookie line of a response (verify sets it, reset clears it), or undefined. */
export function ticketCookieLine(res: TestResponse): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith('resetTicket='));
}

/** `resetTicket=…` from a response's Set-Cookie, for the next request's Cookie header. */
export function ticketCookie(res: TestResponse): string | undefined {
  return ticketCookieLine(res)?.split(';')[0];
}

/** Headers that make the api (TRUST_PROXY=true) see the request coming from `ip`. */
export function from(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip };
}

export function freshEmail(tag = 'player'): string {
  return `${tag}.${randomBytes(4).toString('hex')}@gmail.com`;
}

/** A username of its own for each address (usernames are unique): 'Ravi ' + the end of the address's local part. */
export function usernameFor(email: string): string {
  const local = email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '');
  return `Ravi ${local.slice(-20)}`;
}

export function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    username: usernameFor(email),
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    referralCode: '',
    terms: true,
    ...extra,
  };
}

/** Registers a player through both steps, reading the code from SMTP. */
export async function registerPlayer(stack: IdentityStack, email = freshEmail(), extra: Record<string, unknown> = {}) {
  const since = Date.now();
  const first = await stack.api.request('POST', '/api/v1/auth/register', { body: registration(email, extra) });
  if (first.status !== 200) throw new Error(`register step 1: ${first.status} ${JSON.stringify(first.body)}`);
  const otp = await nextCode(stack.mail, email, since);
  const second = await stack.api.request('POST', '/api/v1/auth/register', {
    body: registration(email, { ...extra, otp }),
  });
  if (second.status !== 201) throw new Error(`register step 2: ${second.status} ${JSON.stringify(second.body)}`);
  return {
    email,
    password: (extra.password as string | undefined) ?? 'secret123',
    user: second.body.data.user as { _id: string; name: string; email: string; role: string },
  };
}

export async function login(api: TestApi, email: string, password: string) {
  const res = await api.request('POST', '/api/v1/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    accessToken: res.body.data.accessToken as string,
    cookie: refreshCookie(res)!,
    user: res.body.data.user,
    res,
  };
}
