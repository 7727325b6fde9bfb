import type { PlayBreakView } from '@app/contracts';
import { formatIstDateTime, PLAY_BREAK_OPTION_LABELS } from '@app/domain';

/** The admin console's words for its Players tab (the rules' messages come from @app/domain and the server). */
export const PLAYERS_TEXTS = {
  title: 'Players',
  search: 'Username, e-mail or player id',
  searchButton: 'Search',
  suspendedOnly: 'Suspended only',
  empty: 'No players found.',
  loadFailed: 'Failed to load players.',
  limitsFailed: "Failed to load the player's limits.",
  overviewFailed: "Failed to load the player's details.",
  view: 'View',
  overview: {
    title: (username: string) => `Player ${username}`,
    close: 'Close',
    loading: 'Loading the player',
    balances: 'Balances',
    main: 'Main balance',
    bonus: 'Bonus balance',
    status: 'Account',
    protection: 'Limits and breaks',
    noBreak: 'No break or self-exclusion',
    ledger: 'Ledger (newest 20)',
    claims: 'Deposits and withdrawals (newest 20)',
    bets: 'Bets (newest 20)',
    none: 'None yet.',
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    utr: 'UTR',
    payer: 'Payer',
    payTo: 'Pay to',
    notes: 'Admin notes',
    won: (amount: string) => `won ${amount}`,
    lost: 'lost',
    open: 'open',
  },
  limits: 'Limits',
  limitsNote: 'Set by the player; the console cannot change or lift them.',
  noLimit: 'none',
  realityCheck: 'Reality check every',
  pausedUntil: 'Play paused until',
  actionFailed: 'Failed to update the player.',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  reason: 'Reason',
  reasonHint: 'Recorded in the audit log with your name.',
  cancel: 'Cancel',
  suspendTitle: (username: string) => `Suspend ${username}?`,
  reinstateTitle: (username: string) => `Reinstate ${username}?`,
  suspendNote:
    'Every session ends at once; deposits, withdrawals and bets are refused; pending withdrawals are held. The balance stays.',
  reinstateNote: 'The player can sign in, play and pay again.',
  balance: 'Balance',
  bonus: 'Bonus',
  joined: 'Joined',
  suspendedSince: 'Suspended',
  /** The player's own break or self-exclusion: shown read-only (no one can lift or shorten it). */
  playBreak: { break: 'On a break', exclusion: 'Self-excluded' } as Record<PlayBreakView['kind'], string>,
  playBreakUntil: (view: PlayBreakView) => {
    const length = PLAY_BREAK_OPTION_LABELS[view.option];
    if (view.phase === 'exclusion-ended')
      return `${length}, ended ${formatIstDateTime(Date.parse(view.endsAt))}; stays until the player asks to return`;
    if (view.phase === 'returning') return `${length}; returns ${formatIstDateTime(Date.parse(view.until!))}`;
    return `${length}, until ${formatIstDateTime(Date.parse(view.until!))}`;
  },
  status: { active: 'Active', suspended: 'Suspended', frozen: 'Frozen', banned: 'Banned' } as Record<string, string>,
} as const;
