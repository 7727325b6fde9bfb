/**
 * The username rule, at registration and for the profile name: 3–30 letters (any script, with their marks), digits,
 * spaces, dots, underscores or hyphens, counted in characters on the trimmed value.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N} ._-]+$/u;
export const USERNAME_MESSAGE = `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, digits, spaces, dots, underscores or hyphens.`;

/** The username rule on a trimmed value: null when it passes, else USERNAME_MESSAGE. */
export function usernameError(value: string): string | null {
  const length = Array.from(value).length;
  return length >= USERNAME_MIN_LENGTH && length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(value) ? null : USERNAME_MESSAGE;
}
