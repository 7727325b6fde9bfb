/** The install offer's words. */
export const INSTALL_TEXTS = {
  title: 'Keep WinRound on your home screen',
  body: 'Open the next round in one tap, full screen.',
  install: 'Install',
  later: 'Not now',
} as const;

/** The push offer's words (after a first deposit, on the wallet). */
export const PUSH_TEXTS = {
  title: 'Hear about your money on this phone',
  body: 'Get a notification when a deposit or withdrawal is reviewed, even with the app closed.',
  turnOn: 'Turn on',
  later: 'Not now',
  on: 'Notifications are on for this phone.',
  failed: 'Notifications could not be turned on. You will still see every update in the app.',
} as const;
