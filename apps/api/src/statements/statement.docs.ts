import { ApiProperty } from '@nestjs/swagger';
import type { Statement, StatementBalances, StatementData, StatementLine, StatementLineKind } from '@app/contracts';
import { STATEMENT_KIND_LABELS } from '@app/domain';

// Response schemas of the statement routes: classes implementing the contracts' types, for the API documentation.

export class StatementBalancesDoc implements StatementBalances {
  @ApiProperty({ description: 'Main balance, rupees', example: 1250.5 })
  main!: number;
  @ApiProperty({ description: 'Bonus balance, rupees', example: 0 })
  bonus!: number;
}
export class StatementTotalsDoc {
  @ApiProperty({ type: StatementBalancesDoc, description: 'Money in over the range, per balance' })
  in!: StatementBalancesDoc;
  @ApiProperty({ type: StatementBalancesDoc, description: 'Money out over the range, per balance (negative)' })
  out!: StatementBalancesDoc;
}
export class StatementLineDoc implements StatementLine {
  @ApiProperty({ description: 'Journal entry number (events.seq)', example: 48213 })
  entry!: number;
  @ApiProperty({ format: 'date-time' })
  at!: string;
  @ApiProperty({ enum: Object.keys(STATEMENT_KIND_LABELS) })
  kind!: StatementLineKind;
  @ApiProperty({ type: String, nullable: true, example: '202611210042' })
  periodId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'DEP20261121000042' })
  reference!: string | null;
  @ApiProperty({ description: 'Signed rupees moved on the main balance', example: -100 })
  main!: number;
  @ApiProperty({ description: 'Signed rupees moved on the bonus balance', example: 0 })
  bonus!: number;
  @ApiProperty({ type: StatementBalancesDoc, description: 'Balances after the entry' })
  balance!: StatementBalancesDoc;
}
export class StatementDoc implements Statement {
  @ApiProperty({ example: '2026-11-01' })
  from!: string;
  @ApiProperty({ example: '2026-11-30' })
  to!: string;
  @ApiProperty({ enum: ['Asia/Kolkata'] })
  timeZone!: 'Asia/Kolkata';
  @ApiProperty({ type: StatementBalancesDoc, description: 'At IST midnight starting `from`' })
  opening!: StatementBalancesDoc;
  @ApiProperty({ type: StatementBalancesDoc, description: 'At the end of `to`: opening + every line of the range' })
  closing!: StatementBalancesDoc;
  @ApiProperty({ type: StatementTotalsDoc })
  totals!: StatementTotalsDoc;
  @ApiProperty({ type: [StatementLineDoc], description: 'At most 500, in journal order' })
  lines!: StatementLineDoc[];
  @ApiProperty({ type: Number, nullable: true, description: 'Pass as `after` for the next page; null on the last' })
  nextAfter!: number | null;
}
export class StatementDataDoc implements StatementData {
  @ApiProperty({ type: StatementDoc })
  statement!: StatementDoc;
}
