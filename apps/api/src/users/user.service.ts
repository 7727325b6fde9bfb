import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { PlayerLanguage, Profile } from '@app/contracts';
import { Database, ReadDatabase } from '@app/db';
import {
  isUuid,
  displayName,
  exactPaise,
  exactPaiseToNumber,
  firstLetter,
  loadUsernameSkeleton,
  maskEmail,
  normalizeUsername,
  paiseToRupees,
  usernameError,
} from '@app/domain';
import { USERNAME_TAKEN_MESSAGE, UserRepository, UsernameTakenError } from './user.repository.js';

export const USER_MESSAGES = {
  notFound: 'User not found.',
  updated: 'Profile updated.',
  languageSaved: 'Language saved.',
  usernameTaken: USERNAME_TAKEN_MESSAGE,
} as const;

/**
 * A profile total in rupees: the exact sum, converted to a number once. One player's totals stay far below 2^53
 * paise; past it the conversion refuses rather than show a rounded figure.
 */
const rupees = (paise: string, what: string): number => paiseToRupees(exactPaiseToNumber(exactPaise(paise), what));

/**
 * Profiles. The own view is full; the public view of a player leaves out last login, total deposits (the spec showed
 * them to anyone), total loses, total withdrawals and the referral code, and masks the e-mail. Figures are in rupees: totalGames counts bets (not
 * refunded ones), totalWinnings sums what won bets gained (credited after GST less the stake), totalLoses sums the stakes of lost
 * bets — so winnings less losses is the player's net from play, totalDeposits / totalWithdrawals sum completed ones.
 */
@Injectable()
export class UserService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(ReadDatabase) private readonly reads: ReadDatabase,
  ) {}

  async ownProfile(userId: string): Promise<Profile> {
    const user = await this.users.profile(this.db, userId);
    if (!user) throw new NotFoundException(USER_MESSAGES.notFound);
    const stats = await this.users.stats(this.db, userId);
    const name = displayName(user.username, user.email);
    return {
      _id: user.id,
      email: user.email,
      name,
      firstLetter: firstLetter(name, user.email),
      referralCode: user.referral_code,
      joinDate: user.created_at.toISOString(),
      lastLogin: user.last_login_at ? user.last_login_at.toISOString() : null,
      totalGames: stats.total_games,
      totalWinnings: rupees(stats.total_winnings, 'totalWinnings'),
      totalDeposits: rupees(stats.total_deposits, 'totalDeposits'),
      totalWithdrawals: rupees(stats.total_withdrawals, 'totalWithdrawals'),
      totalLoses: rupees(stats.total_loses, 'totalLoses'),
      language: user.language,
    };
  }

  /** Anyone may see a player's reduced profile; administrators have no public profile. */
  async publicProfile(userId: string): Promise<Profile> {
    if (!isUuid(userId)) throw new NotFoundException(USER_MESSAGES.notFound);
    // Another player's figures may lag a little behind the primary (a read replica's).
    const user = await this.users.profile(this.reads, userId);
    if (!user || user.role !== 'user') throw new NotFoundException(USER_MESSAGES.notFound);
    const stats = await this.users.stats(this.reads, userId);
    const name = displayName(user.username, user.email);
    return {
      _id: user.id,
      email: maskEmail(user.email),
      name,
      firstLetter: firstLetter(name, user.email),
      joinDate: user.created_at.toISOString(),
      totalGames: stats.total_games,
      totalWinnings: rupees(stats.total_winnings, 'totalWinnings'),
    };
  }

  /** Remembers the player's language (the DTO admits only the product's languages); answers the own profile. */
  async setLanguage(userId: string, language: PlayerLanguage): Promise<Profile> {
    if (!(await this.users.setLanguage(this.db, userId, language))) throw new NotFoundException(USER_MESSAGES.notFound);
    return this.ownProfile(userId);
  }

  async rename(userId: string, rawName: string): Promise<Profile> {
    const name = normalizeUsername(rawName);
    // The domain's rule, with reserved names compared on their look-alike skeleton.
    const error = usernameError(name, { skeleton: await loadUsernameSkeleton() });
    if (error) throw new BadRequestException({ message: error, errors: { name: error } });
    try {
      await this.users.setName(this.db, userId, name);
    } catch (error) {
      if (error instanceof UsernameTakenError)
        throw new ConflictException({
          message: USER_MESSAGES.usernameTaken,
          errors: { name: USER_MESSAGES.usernameTaken },
        });
      throw error;
    }
    return this.ownProfile(userId);
  }
}
