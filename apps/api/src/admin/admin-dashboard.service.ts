import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { DashboardData } from '@app/contracts';
import { exactPaise, paiseToDecimalString, paiseToRupees } from '@app/domain';
import { PresenceService } from '../presence/presence.service.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';

export const ADMIN_DASHBOARD_MESSAGES = {
  presenceUnavailable: 'Online users cannot be counted right now. Please try again.',
} as const;

/** A money figure of the dashboard: exact rupees as decimal text ('1850.25'), whatever its size. */
const rupeeText = (paise: string): string => paiseToDecimalString(exactPaise(paise));

/**
 * GET /admin/dashboard. Money figures are exact rupees as decimal text (sums over every player can pass what a
 * JSON number holds exactly); the others are counts:
 * - totalDeposit: every deposit request (pending, completed and rejected); completedDeposit: approved ones;
 *   pendingDeposit: those waiting for review (the panel labels it 'Pending Deposits'; the spec's 'Failed Payments' misnamed them).
 * - totalWithdraw / completedWithdraw / pendingWithdraw: the same for withdrawal requests (pending = held).
 * - totalBets, pendingBets (placed, not settled yet), completedBets (settled); refunded bets count in the total only.
 * - totalUsers: players (not admins); totalOnlineUsers: distinct players with a live socket on any api node;
 *   totalWalletBalance: main + bonus of every player; totalGameResults: drawn periods.
 */
@Injectable()
export class AdminDashboardService {
  private readonly logger = new Logger('AdminDashboard');

  constructor(
    @Inject(AdminDashboardRepository) private readonly repository: AdminDashboardRepository,
    @Inject(PresenceService) private readonly presence: PresenceService,
  ) {}

  async dashboard(): Promise<DashboardData> {
    const online = this.presence.onlinePlayers().catch((error: Error) => {
      this.logger.warn({ msg: 'online players unavailable', error: error.message });
      throw new ServiceUnavailableException(ADMIN_DASHBOARD_MESSAGES.presenceUnavailable);
    });
    const [read, totalOnlineUsers] = await Promise.all([
      this.repository.snapshot(async (trx) => {
        const figures = await this.repository.figures(trx);
        const users = await this.repository.recentUsers(trx);
        const bets = await this.repository.recentBets(trx);
        const results = await this.repository.recentResults(trx);
        return { figures, users, bets, results };
      }),
      online,
    ]);
    const { figures: f, users, bets, results } = read;
    return {
      stats: {
        totalDeposit: rupeeText(f.total_deposit),
        pendingDeposit: rupeeText(f.pending_deposit),
        completedDeposit: rupeeText(f.completed_deposit),
        totalOnlineUsers,
        totalUsers: f.total_users,
        totalBets: f.total_bets,
        pendingBets: f.pending_bets,
        completedBets: f.completed_bets,
        totalWalletBalance: rupeeText(f.total_wallet_balance),
        totalGameResults: f.total_game_results,
        totalWithdraw: rupeeText(f.total_withdraw),
        completedWithdraw: rupeeText(f.completed_withdraw),
        pendingWithdraw: rupeeText(f.pending_withdraw),
      },
      recentUsers: users.map((u) => ({
        _id: u.id,
        username: u.username,
        email: u.email,
        createdAt: u.created_at.toISOString(),
      })),
      recentBets: bets.map((b) => ({
        _id: b.id,
        userId: { username: b.username },
        amount: paiseToRupees(b.amount),
        status: b.status,
        createdAt: b.created_at.toISOString(),
      })),
      recentGameResults: results.map((p) => ({
        _id: p.id,
        periodId: p.id,
        color: p.color!,
        number: p.digit!,
        bigSmall: p.big_small!,
        digit: p.digit!,
        timestamp: (p.drawn_at ?? p.end_at).toISOString(),
      })),
    };
  }
}
