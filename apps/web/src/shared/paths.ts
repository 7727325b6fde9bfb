/** The route table of SPEC 2. */
export const PATHS = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  terms: '/terms-and-conditions',
  /** Open to everyone, one tap away from every screen (the header): rules, payouts and GST, where to ask. */
  help: '/help',
  game: '/game',
  history: '/history',
  wallet: '/wallet',
  profile: '/profile',
  publicProfile: '/profile/:userId',
  deposit: '/deposit',
  withdraw: '/withdraw',
  /** The player's identity check (KYC), reached from the wallet, the withdraw screen and the profile. */
  identity: '/identity',
  /** The account statement (from the wallet). */
  statement: '/wallet/statement',
  /** The player's disputes (from the profile and the history). */
  disputes: '/disputes',
  adminDashboard: '/admin/dashboard',
  /** Public, open to everyone: how results are drawn, and verification in the browser. */
  fairness: '/fairness',
  /** Open to everyone: the tools a player has to keep control; a signed-in player sets their limits there. */
  playSafely: '/play-safely',
  /** Take a break or exclude yourself (signed in). */
  playBreak: '/play-safely/break',
  /** Withdraw the main balance while on a break or self-excluded (with the token of the refused sign-in). */
  playBreakWithdraw: '/play-safely/withdraw',
} as const;

export const LOGIN_PATH = PATHS.login;
export const PLAYER_HOME = PATHS.game;
export const ADMIN_HOME = PATHS.adminDashboard;

/** The first segment of every route of the app ('profile', 'game', …). */
const APP_SEGMENTS = new Set(
  Object.values(PATHS)
    .map((path) => path.split('/')[1])
    .filter((segment) => segment !== undefined && segment !== ''),
);

const hasControlCharacter = (text: string): boolean =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code <= 0x1f || code === 0x7f;
  });

/**
 * `path` (with its query and fragment) when it is a path of one of the app's own routes that stays on `origin` once
 * resolved, else null. Refused: `//evil.example/x` and `/\evil.example` (another origin), control characters,
 * anything not starting with one slash, and paths of no app route.
 */
export function sameOriginAppPath(path: string, origin: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || hasControlCharacter(path)) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const segment = url.pathname.split('/')[1] ?? '';
  if (url.pathname !== '/' && !APP_SEGMENTS.has(segment)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * What the way to /login carries: the address to fill in (after registering or resetting a password) and the page
 * that was asked for before signing in (set by the protected-route guard).
 */
export interface LoginRouteState {
  email?: string;
  from?: string;
}

export function readLoginRouteState(state: unknown): LoginRouteState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, from } = state as Record<string, unknown>;
  return { ...(typeof email === 'string' ? { email } : {}), ...(typeof from === 'string' ? { from } : {}) };
}

/** Pages a signed-in player is never sent back to (they are the way in). */
const NOT_A_RETURN = new Set<string>([PATHS.landing, PATHS.login, PATHS.register, PATHS.forgotPassword]);

/**
 * Where a player lands after signing in: the page the guard sent them away from, when it is one of the app's own
 * pages on this origin (never a way-in page, never the console), else the games.
 */
export function playerReturnPath(from: string | undefined, origin: string): string {
  const path = from === undefined ? null : sameOriginAppPath(from, origin);
  if (path === null) return PLAYER_HOME;
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (NOT_A_RETURN.has(pathname) || pathname.startsWith('/admin')) return PLAYER_HOME;
  return path;
}
