import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { DashboardData } from '@app/contracts';
import { paiseToRupees } from '@app/domain';
import { PresenceService } from '../presence/presence.service.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';

export const ADMIN_DASHBOARD_MESSAGES = {
  presenceUnavailable: 'Online users cannot be counted right now. Please try again.',
} as const;

/**
 * GET /admin/dashboard. Money figures are rupees; the others are counts:
 * - totalDeposit: every deposit request (pending, completed and rejected); completedDeposit: approved ones;
 *   pendingDeposit: those waiting for review (the panel labels it 'Failed Payments', as the spec says).
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
        totalDeposit: paiseToRupees(f.total_deposit),
        pendingDeposit: paiseToRupees(f.pending_deposit),
        completedDeposit: paiseToRupees(f.completed_deposit),
        totalOnlineUsers,
        totalUsers: f.total_users,
        totalBets: f.total_bets,
        pendingBets: f.pending_bets,
        completedBets: f.completed_bets,
        totalWalletBalance: paiseToRupees(f.total_wallet_balance),
        totalGameResults: f.total_game_results,
        totalWithdraw: paiseToRupees(f.total_withdraw),
        completedWithdraw: paiseToRupees(f.completed_withdraw),
        pendingWithdraw: paiseToRupees(f.pending_withdraw),
      },
      recentUsers: users.map((u) => ({ _id: u.id, username: u.username, email: u.email, createdAt: u.created_at.toISOString() })),
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
