import { BREAK_OPTIONS, EXCLUSION_OPTIONS, PLAY_BREAK_OPTION_LABELS, type PlayBreakOption } from '@app/domain';

/** The words of the break and self-exclusion screens (the server's refusals come from @app/domain). */
export const PLAY_BREAK_TEXTS = {
  title: 'Take a break or exclude yourself',
  intro:
    'If you want to stop playing for a while, you can take a break or exclude yourself. Neither can be shortened or undone, by you or by us. While it lasts you cannot log in, bet or deposit, and we send you no promotions. You can still withdraw your balance.',
  breakLegend: 'Take a break',
  breakHint: 'Ends by itself at the end.',
  exclusionLegend: 'Exclude yourself',
  exclusionHint: `Stays until you ask to return after its end; your account opens 24 hours after you ask.`,
  continue: 'Continue',
  chooseFirst: 'Choose how long first.',
  confirmTitle: (option: PlayBreakOption) =>
    (EXCLUSION_OPTIONS as readonly string[]).includes(option)
      ? `Exclude yourself for ${PLAY_BREAK_OPTION_LABELS[option]}?`
      : `Take a break of ${PLAY_BREAK_OPTION_LABELS[option]}?`,
  confirmEnds: (kind: 'break' | 'exclusion', end: string) =>
    kind === 'break' ? `Your break ends on ${end}.` : `Your self-exclusion lasts at least until ${end}.`,
  confirmWarning: 'You will be logged out at once, and this cannot be shortened or undone.',
  confirm: 'Confirm and log out',
  cancel: 'Cancel',
  failed: 'Could not start your break. Please try again.',
  profileLink: 'Take a break or exclude yourself',
  // The withdraw-only page.
  withdrawTitle: 'Withdraw your balance',
  withdrawIntro: 'You can withdraw your main balance while you are away. The bonus balance cannot be withdrawn.',
  signInAgain: 'To withdraw, log in again: the login page then shows a link here that works for 15 minutes.',
  toLogin: 'Go to log in',
  mainBalance: 'Main balance',
  withdraw: 'Request withdrawal',
  withdrawDone: (id: string) => `Withdrawal requested (${id}). Processing time: 2–4 hours.`,
  askToReturn: 'Ask to return',
  askToReturnHint:
    'Your self-exclusion has ended. If you want to play again, ask to return: your account opens 24 hours after you ask.',
  loadFailed: 'Could not load your balance.',
  withdrawLink: 'Withdraw your balance',
} as const;

export const BREAK_CHOICES = BREAK_OPTIONS.map((option) => ({ option, label: PLAY_BREAK_OPTION_LABELS[option] }));
export const EXCLUSION_CHOICES = EXCLUSION_OPTIONS.map((option) => ({
  option,
  label: PLAY_BREAK_OPTION_LABELS[option],
}));
