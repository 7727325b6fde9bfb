import { Inject, Injectable } from '@nestjs/common';
import type { DashboardCharts } from '@app/contracts';
import { exactPaise, paiseToDecimalString } from '@app/domain';
import { AdminChartsRepository } from './admin-charts.repository.js';

/** Exact rupees as decimal text ('1850.25', '-90.00'), whatever the size of the sum. */
const rupeeText = (paise: string): string => paiseToDecimalString(exactPaise(paise));

/** GET /admin/dashboard/charts: the last 50 settled rounds and the approved payments of the last 14 IST days. */
@Injectable()
export class AdminChartsService {
  constructor(@Inject(AdminChartsRepository) private readonly repository: AdminChartsRepository) {}

  async charts(): Promise<DashboardCharts> {
    const [rounds, days] = await Promise.all([this.repository.rounds(), this.repository.days()]);
    return {
      rounds: rounds.map((r) => ({
        periodId: r.period_id,
        bets: r.bets,
        stake: rupeeText(r.stake),
        houseResult: rupeeText(r.house_result),
      })),
      days: days.map((d) => ({ day: d.day, deposits: rupeeText(d.deposits), withdrawals: rupeeText(d.withdrawals) })),
    };
  }
}
