/** The player-facing words of the sound effects toggle, kept together for the message catalogues. */
export const SOUND_TEXTS = {
  label: 'Sound effects',
  on: 'On',
  off: 'Off',
  hint: 'A tick in the last 5 seconds before betting closes, and a chime for your result.',
} as const;
