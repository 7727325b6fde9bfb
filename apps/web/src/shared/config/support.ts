/**
 * Support channels shown to players (landing page, later the profile and help screens).
 * The operator sets the real values at build time with VITE_SUPPORT_GROUP_URL and VITE_SUPPORT_EMAIL;
 * the defaults below are placeholders for development.
 */
export const SUPPORT = {
  /** Messaging-app group where players get help and announcements. */
  groupUrl: import.meta.env.VITE_SUPPORT_GROUP_URL || 'https://t.me/winround_support',
  groupLabel: 'Telegram support group',
  /** Support e-mail address. */
  email: import.meta.env.VITE_SUPPORT_EMAIL || 'support@winround.example',
} as const;
