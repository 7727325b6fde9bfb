import {
  BREAK_OPTIONS,
  DISPUTE_MESSAGES,
  EXCLUSION_OPTIONS,
  LIMIT_LABELS,
  PLAY_BREAK_OPTION_LABELS,
  RETURN_COOLING_OFF_HOURS,
  SESSION_LIMIT_BREAK_MS,
  type LimitKind,
  type PlayBreakOption,
} from '@app/domain';

/** The path of the break and self-exclusion screen (built with its own feature; linked to from here). */
export const PLAY_SAFELY_BREAK_PATH = '/play-safely/break';

const breakMinutes = SESSION_LIMIT_BREAK_MS / 60_000;

/** '24 hours, 7 days, 30 days or 6 weeks' */
const lengths = (options: readonly PlayBreakOption[]) => {
  const labels = options.map((o) => PLAY_BREAK_OPTION_LABELS[o]);
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
};

/** The screens a tool is used on (a key of PATHS); the limits and reality checks are set on this screen. */
export type PlaySafelyToolScreen = 'playBreak' | 'statement' | 'disputes' | 'identity';

export type PlaySafelyToolKey =
  'deposit' | 'loss' | 'session' | 'reality' | 'breaks' | 'exclusion' | 'statements' | 'disputes' | 'identity';

export interface PlaySafelyTool {
  readonly key: PlaySafelyToolKey;
  readonly title: string;
  readonly text: string;
  readonly link?: { readonly screen: PlaySafelyToolScreen; readonly label: string };
}

/** Words of the Play safely screen, the limits step after sign-up and the reality check. */
export const PLAY_SAFELY_TEXTS = {
  title: 'Play safely',
  intro:
    'Playing should stay fun and affordable. These tools help you keep control of your money and your time. Set them now or whenever you like; they apply on every device you sign in on.',
  breakLink: 'Take a break or exclude yourself',
  toolsTitle: 'Your tools',
  tools: [
    {
      key: 'deposit',
      title: 'Deposit limits',
      text: 'Cap what you can deposit in any 24 hours, 7 days or 30 days. Every deposit you claim counts, waiting for review or approved, over the last 24 hours, 7 days or 30 days counted back from now.',
    },
    {
      key: 'loss',
      title: 'Loss limits',
      text: 'Cap what you can lose in any 24 hours, 7 days or 30 days: your stakes less what they paid back. A bet not yet settled counts as lost until it is, so a bet that could take you past your limit is refused.',
    },
    {
      key: 'session',
      title: 'Session time limit',
      text: `Choose how many minutes a session may last, from signing in. When the time is up you are signed out on every device and can play again after ${breakMinutes} minutes.`,
    },
    {
      key: 'reality',
      title: 'Reality checks',
      text: 'The game screen always shows how long you have played this session and your net result. Every 15, 30 or 60 minutes (your choice) play pauses to show you the figures, and you choose to carry on, look at your history or take a break.',
    },
    {
      key: 'breaks',
      title: 'Breaks',
      text: `Stop playing for ${lengths(BREAK_OPTIONS)}. A break ends by itself at its end; nobody can shorten it, not you and not us. While it lasts you cannot log in, bet or deposit, and you can still withdraw your main balance.`,
      link: { screen: 'playBreak', label: 'Take a break' },
    },
    {
      key: 'exclusion',
      title: 'Self-exclusion',
      text: `Stop playing for ${lengths(EXCLUSION_OPTIONS)}. It does not end by itself: after its end you ask to return, and your account opens ${RETURN_COOLING_OFF_HOURS} hours after you ask. Nobody can shorten it. You can still withdraw your main balance.`,
      link: { screen: 'playBreak', label: 'Exclude yourself' },
    },
    {
      key: 'statements',
      title: 'Statements',
      text: 'Every deposit, withdrawal, bonus, stake, win and refund between two dates, with your balances after each, to print or download.',
      link: { screen: 'statement', label: 'Your statement' },
    },
    {
      key: 'disputes',
      title: 'Disputes',
      text: `If a bet or a transaction went wrong, open a dispute from it in your history or your wallet. ${DISPUTE_MESSAGES.sla} You read the answer in the app and by e-mail.`,
      link: { screen: 'disputes', label: 'My disputes' },
    },
    {
      key: 'identity',
      title: 'Identity checks',
      text: 'You must be 18 or older to play. Before money leaves your wallet, and before your deposits pass a total, we check who you are. Your document number is stored encrypted and only ever shown masked.',
      link: { screen: 'identity', label: 'Your identity' },
    },
  ] as readonly PlaySafelyTool[],
  rule: 'A lower limit applies at once. A higher limit, or removing one, takes effect only after 24 hours, and you can cancel it until then.',
  limitsTitle: 'Your limits',
  signInToSet: 'Sign in to set your limits.',
  signIn: 'Sign in',
  noLimit: 'No limit',
  rupeesHint: 'Whole rupees; empty for no limit',
  minutesHint: 'Minutes; empty for no limit',
  realityCheckLegend: 'Remind me every',
  minutes: (m: number) => `${m} minutes`,
  save: 'Save limits',
  saving: 'Saving…',
  cancelPending: 'Cancel change',
  pending: (value: string, at: string) => `Changes to ${value} on ${at}.`,
  left: (left: string, until: string | null) => (until ? `${left} left until ${until}.` : `${left} left.`),
  groups: { deposit: 'Deposit limits', loss: 'Loss limits', session: 'Session' },
  offerTitle: 'Set your limits',
  offerText:
    'Before you play, you can set deposit, loss and session time limits. You can change them any time on the Play safely screen.',
  offerSkip: 'Not now',
  sessionTime: 'Played',
  sessionNet: 'Net',
  realityTitle: 'Reality check',
  realityText: (minutes: number) => `You have been playing for ${minutes} minutes.`,
  realityFigures: { time: 'Time played', staked: 'Staked', won: 'Won', net: 'Net result' },
  realityContinue: 'Continue playing',
  realityHistory: 'See history',
  realityBreak: 'Take a break',
  betPaused: 'Betting is paused until you answer the reality check.',
  profileLink: 'Play safely: limits and reality checks',
  walletLink: 'Play safely: set deposit and loss limits',
  /** The terms page's line pointing here: before and after the link. */
  termsLine: ['Deposit, loss and session time limits and reality checks are on the ', ' page.'],
  /** The terms page's line on breaks and self-exclusion: before and after the link here (open to everyone). */
  termsBreaks: [
    `You can take a break (${lengths(BREAK_OPTIONS)}) or exclude yourself (${lengths(EXCLUSION_OPTIONS)}) from the `,
    ' page. Neither can be shortened or undone: while it lasts you cannot log in, bet or deposit, but you can always withdraw your main balance.',
  ],
  loadFailed: 'Could not load your limits.',
  saveFailed: 'Could not save your limits.',
} as const;

export const LIMIT_FIELD_LABELS: Readonly<Record<LimitKind, string>> = {
  deposit24h: 'Per 24 hours',
  deposit7d: 'Per 7 days',
  deposit30d: 'Per 30 days',
  loss24h: 'Per 24 hours',
  loss7d: 'Per 7 days',
  loss30d: 'Per 30 days',
  sessionMinutes: 'Minutes per session',
};

/** The sentence name of a limit ('24-hour deposit limit'), for screen readers and messages. */
export const limitName = (kind: LimitKind) => LIMIT_LABELS[kind];
