/**
 * Business constants and limits of SPEC sections 5 and 9. Rupee amounts are the spec's numbers (what a player
 * sees); the `_PAISE` twins are what the server stores and compares.
 */
import { bpsToPercent } from '../money/basis-points.js';
import { rupeesToPaise } from '../money/money.js';

// ── Rounds ────────────────────────────────────────────────────────────────────────────────────────────────
/** A round (period) lasts 30 seconds. */
export const ROUND_SECONDS = 30;
/** Betting locks when 5 seconds or less remain. */
export const LOCK_SECONDS = 5;

// ── Stakes ────────────────────────────────────────────────────────────────────────────────────────────────
/** Stake buttons, in rupees. The free-text amount field is disabled. */
export const STAKES = [10, 50, 100, 200, 500, 1000] as const;
/** The allowed stakes in paise. */
export const STAKES_PAISE: readonly number[] = STAKES.map(rupeesToPaise);
/** Placeholder bounds of the (disabled) free-text amount field: 'min 1, max 1000'. */
export const BET_AMOUNT_FIELD_MIN = 1;
export const BET_AMOUNT_FIELD_MAX = 1000;

// ── Lists ─────────────────────────────────────────────────────────────────────────────────────────────────
/** Only the latest 15 game results are kept. */
export const RESULTS_KEPT = 15;
/** The results table shows 5 rows until 'Show More'. */
export const RESULTS_SHOWN = 5;
/** The wallet's transaction list shows 5 until 'Show More'. */
export const TRANSACTIONS_SHOWN = 5;

// ── Timings (UI) ──────────────────────────────────────────────────────────────────────────────────────────
/** The result popup's text says 'Auto closing in 3 seconds...'. */
export const RESULT_POPUP_TEXT_SECONDS = 3;
/** …while the popup and the current-bet list actually clear after 5 seconds (both readings kept, SPEC §4). */
export const RESULT_CLEAR_MS = 5_000;
/** 'Copied!' shows for 2 seconds. */
export const COPY_NOTICE_MS = 2_000;
/** The header hides on scroll down past 40 px. */
export const HEADER_HIDE_SCROLL_PX = 40;
/** Toasts close after 4 seconds. */
export const TOAST_MS = 4_000;

// ── Identity ──────────────────────────────────────────────────────────────────────────────────────────────
/** Login password: validation minimum 6. */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** Login password input accepts at most 10 characters (an input attribute, not a validation rule). */
export const LOGIN_PASSWORD_INPUT_MAX_LENGTH = 10;
/** Registration password minimum. */
export const REGISTER_PASSWORD_MIN_LENGTH = 6;
/** Forgot-password new password: at least 6 characters, at most PASSWORD_MAX_LENGTH like registration. */
export const RESET_PASSWORD_MIN_LENGTH = 6;
/** One-time codes (registration and password reset) are 6 digits. */
export const OTP_LENGTH = 6;
/** The longest e-mail address accepted anywhere (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** The longest password the server takes at registration, login or reset (argon2 input stays small). */
export const PASSWORD_MAX_LENGTH = 128;
/** E-mail domains accepted by default (server config ALLOWED_EMAIL_DOMAINS). */
export const DEFAULT_ALLOWED_EMAIL_DOMAINS: readonly string[] = ['gmail.com'];
/** Players must be 18 or older. */
export const MIN_AGE = 18;

// ── Deposit ───────────────────────────────────────────────────────────────────────────────────────────────
/** Deposit amount presets, in rupees. */
export const DEPOSIT_PRESETS = [100, 500, 1000, 2000, 5000, 10000] as const;
/** Minimum of the custom deposit amount field in the spec's form, in rupees (the deposit bounds below now apply). */
export const CUSTOM_DEPOSIT_MIN = 1;
/**
 * Deposit bounds quoted by the deposit instruction text, in rupees: ₹100 to ₹10,000 per request, inclusive. The
 * spec's form only asks for an amount above 0; the form and the server both enforce these bounds, so a player is
 * told before paying, and the server refuses a claim outside them.
 */
export const DEPOSIT_INSTRUCTION_MIN = 100;
export const DEPOSIT_INSTRUCTION_MAX = 10_000;
export const DEPOSIT_MIN_PAISE = rupeesToPaise(DEPOSIT_INSTRUCTION_MIN);
export const DEPOSIT_MAX_PAISE = rupeesToPaise(DEPOSIT_INSTRUCTION_MAX);
/** A player may have at most this many deposit claims waiting for review (PENDING) at once; the database enforces it. */
export const MAX_PENDING_DEPOSITS = 3;
/** A bank transfer's (IMPS/NEFT) reference is 12 to 22 letters or digits after trimming and upper-casing. */
export const UTR_MIN_LENGTH = 12;
export const UTR_MAX_LENGTH = 22;
/** A UPI payment's UTR (its RRN): exactly this many digits. The 12–22 letters-or-digits bounds above are a bank transfer's (IMPS/NEFT) reference. */
export const UPI_UTR_LENGTH = 12;

// ── Withdrawal ────────────────────────────────────────────────────────────────────────────────────────────
/** Withdrawal amount presets, in rupees (presets above the balance are disabled). */
/** The spec's ₹100 chip is gone: it sat below the ₹500 minimum and could never be chosen. */
export const WITHDRAW_PRESETS = [500, 1000, 2000, 5000, 10000] as const;
/** ₹500 to ₹25,000 per request, inclusive. */
export const WITHDRAWAL_MIN = 500;
export const WITHDRAWAL_MAX = 25_000;
/** At most ₹25,000 per IST calendar day across pending and completed requests. */
export const WITHDRAWAL_DAILY_MAX = 25_000;
export const WITHDRAWAL_MIN_PAISE = rupeesToPaise(WITHDRAWAL_MIN);
export const WITHDRAWAL_MAX_PAISE = rupeesToPaise(WITHDRAWAL_MAX);
export const WITHDRAWAL_DAILY_MAX_PAISE = rupeesToPaise(WITHDRAWAL_DAILY_MAX);
/**
 * A wallet is eligible for withdrawal when active and its main balance is at least the smallest withdrawal (₹500).
 * The spec said ₹100, which offered a Withdraw button to a player with ₹300 whose every amount the form then refused.
 */
export const WITHDRAWAL_ELIGIBILITY_MIN = WITHDRAWAL_MIN;
export const WITHDRAWAL_ELIGIBILITY_MIN_PAISE = rupeesToPaise(WITHDRAWAL_ELIGIBILITY_MIN);
/** 'Deposit is not active…' shows on an inactive wallet holding more than ₹100 (SPEC §8). */
export const DEPOSIT_NOT_ACTIVE_BANNER_ABOVE_PAISE = rupeesToPaise(100);
/** How long a withdrawal takes to be paid out, as quoted to the player. */
export const WITHDRAWAL_PROCESSING_TIME = '2–4 hours';
/** Processing time quoted to the player. */
export const WITHDRAWAL_PROCESSING_TIME_TEXT = `Processing time: ${WITHDRAWAL_PROCESSING_TIME}. You will be notified once the funds are transferred.`;
/**
 * Payout details. The spec asks for an account number longer than 5 characters, an 11-character IFSC and a holder
 * name longer than 2; they are checked for what they are: an Indian bank account number is 9 to 18 digits, a holder
 * name is letters, spaces and dots (3 to 100 characters), a UPI ID is name@handle of at most 256 characters.
 */
export const ACCOUNT_NUMBER_MIN_LENGTH = 9;
export const ACCOUNT_NUMBER_MAX_LENGTH = 18;
export const IFSC_LENGTH = 11;
export const HOLDER_NAME_MIN_LENGTH = 3;
export const HOLDER_NAME_MAX_LENGTH = 100;
export const UPI_ID_MAX_LENGTH = 256;

// ── Tax ───────────────────────────────────────────────────────────────────────────────────────────────────
/** GST on winnings above the stake: 18 %, in basis points (1 bp = 0.01 %) so that no float touches money. */
export const GST_BPS = 1800;
/** The same rate as a percentage, for texts. */
export const GST_PERCENT = bpsToPercent(GST_BPS);

// ── Currency ──────────────────────────────────────────────────────────────────────────────────────────────
export const CURRENCY = 'INR';
export const LOCALE = 'en-IN';
