/** The login screen's own words for the sign-in codes (the messages themselves come from @app/domain and the server). */
export const LOGIN_TEXTS = {
  codeLabel: 'Code from the e-mail',
  totpLabel: 'Authenticator code',
  totpHint: 'The 6-digit code your authenticator app shows, or one of your recovery codes.',
  newCode: 'E-mail me a new code',
  verify: 'Verify and log in',
  verifying: 'Checking…',
} as const;
