import { ApiProperty } from '@nestjs/swagger';
import type { DashboardCharts, PaymentDayPoint, RoundChartPoint } from '@app/contracts';

// Response schema of GET /admin/dashboard/charts: classes implementing the contracts' types, for the API documentation.

export class RoundChartPointDoc implements RoundChartPoint {
  @ApiProperty({ example: '202611231194' })
  periodId!: string;
  @ApiProperty({ description: 'Bets that stood (refunded ones left out)', example: 412 })
  bets!: number;
  @ApiProperty({ description: 'Their stakes, exact rupees as decimal text', example: '41200.00' })
  stake!: string;
  @ApiProperty({
    description: 'Stakes minus everything paid for the winners (net credited + GST), exact rupees as decimal text',
    example: '2310.40',
  })
  houseResult!: string;
}

export class PaymentDayPointDoc implements PaymentDayPoint {
  @ApiProperty({ description: 'IST calendar day of approval', example: '2026-11-23' })
  day!: string;
  @ApiProperty({ description: 'Approved deposits, exact rupees as decimal text', example: '150000.00' })
  deposits!: string;
  @ApiProperty({ description: 'Approved withdrawals, exact rupees as decimal text', example: '42000.00' })
  withdrawals!: string;
}

export class DashboardChartsDoc implements DashboardCharts {
  @ApiProperty({ type: [RoundChartPointDoc], description: 'The last 50 settled rounds, oldest first' })
  rounds!: RoundChartPoint[];
  @ApiProperty({ type: [PaymentDayPointDoc], description: 'The last 14 IST days, oldest first' })
  days!: PaymentDayPoint[];
}
