/** The install offer's words. */
export const INSTALL_TEXTS = {
  title: 'Keep WinRound on your home screen',
  body: 'Open the next round in one tap, full screen.',
  install: 'Install',
  later: 'Not now',
} as const;
