/**
 * Texts the web client shows. The spec's texts (call error defaults, terms, 404 title) come from `@app/domain`, so
 * the client and the server say the same thing; only what is the client's own lives here.
 */
export { ERROR_DEFAULTS, NOT_FOUND_TITLE, TERMS } from '@app/domain';

export const PRODUCT_NAME = 'WinRound';

/** Shown on the landing and terms pages (DESIGN 7). */
export const COMPLIANCE_NOTE =
  "Real-money play is allowed only where the operator holds the licences of that jurisdiction. India's Promotion and Regulation of Online Gaming Act, 2025 prohibits offering online money games in India.";
