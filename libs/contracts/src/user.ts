/** GET /user/profile and GET /user/profile/{id} → data.user */
export interface Profile {
  _id: string;
  /** Masked (e.g. `ra****@gmail.com`) in the public view of another user. */
  email: string;
  /** Falls back to the part of the email before @. */
  name: string;
  firstLetter: string;
  /** ISO date-time of registration. */
  joinDate: string;
  /** Bets played (refunded ones excluded). */
  totalGames: number;
  /** Rupees credited on won bets (net of GST). */
  totalWinnings: number;
  /**
   * Own profile only: rupees of approved (COMPLETED) deposits. The spec showed them to anyone; what a player pays in
   * is theirs to know, so the public view leaves it out.
   */
  totalDeposits?: number;
  /** Own profile only. */
  referralCode?: string;
  /** Own profile only: ISO date-time of the latest login, null before the first. */
  lastLogin?: string | null;
  /** Own profile only: rupees of completed withdrawals. */
  totalWithdrawals?: number;
  /** Own profile only: rupees staked on lost bets. */
  totalLoses?: number;
  /** Own profile only: the language the player reads the product in (docs/languages.md). */
  language?: PlayerLanguage;
}

/** The languages a player may choose: English and Hindi, as spoken in India. */
export type PlayerLanguage = 'en-IN' | 'hi-IN';
export const PLAYER_LANGUAGES: readonly PlayerLanguage[] = ['en-IN', 'hi-IN'];

/** PUT /user/language: the player's language, remembered with the account. Answers the updated own profile. */
export interface UpdateLanguageRequest {
  language: PlayerLanguage;
}
export interface ProfileData {
  user: Profile;
}

/**
 * PUT /user/profile: only these fields may change; anything else is rejected (400 'Unknown field: …'). The
 * name follows the username rule (usernameError of @app/domain). Answers the updated own profile (ProfileData).
 */
export interface UpdateProfileRequest {
  name: string;
}
