import { ApiProperty } from '@nestjs/swagger';
import { PlayBreakViewDoc } from '../../play-breaks/play-breaks.docs.js';
import { PlaySafelyViewDoc } from '../../play-safely/play-safely.docs.js';
import { BetDoc } from '../../rounds/rounds.docs.js';
import { BankDetailsDoc } from '../../wallet/wallet.docs.js';
import {
  PLAYER_STATUSES,
  type AdminLedgerEntry,
  type AdminPlayer,
  type AdminPlayerClaim,
  type AdminPlayerData,
  type AdminPlayerOverview,
  type AdminPlayerOverviewData,
  type AdminPlayersData,
  type PlayerStatus,
  type TransactionStatus,
} from '@app/contracts';
import { STATEMENT_KIND_LABELS, TRANSACTION_STATUSES, type StatementLineKind } from '@app/domain';

export class AdminPlayerDoc implements AdminPlayer {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ enum: PLAYER_STATUSES, description: 'Only an active account may play and move money' })
  status!: PlayerStatus;
  @ApiProperty({ example: '2026-11-20T09:30:00.000Z' })
  createdAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When an operator suspended the account; null unless suspended',
  })
  suspendedAt!: string | null;
  @ApiProperty({ type: String, nullable: true })
  suspensionReason!: string | null;
  @ApiProperty({ description: 'Main balance, rupees (a suspension leaves it intact)', example: 1250.5 })
  balance!: number;
  @ApiProperty({ description: 'Bonus balance, rupees', example: 0 })
  bonusBalance!: number;
  @ApiProperty({
    type: PlayBreakViewDoc,
    nullable: true,
    description: "The player's own break or self-exclusion in force; read-only (no route lifts or shortens it)",
  })
  playBreak!: PlayBreakViewDoc | null;
}
export class AdminPlayersDataDoc implements AdminPlayersData {
  @ApiProperty({ type: [AdminPlayerDoc], description: 'Newest accounts first, at most 50' })
  players!: AdminPlayerDoc[];
}
export class AdminPlayerDataDoc implements AdminPlayerData {
  @ApiProperty({ type: AdminPlayerDoc })
  player!: AdminPlayerDoc;
}

export class AdminLedgerEntryDoc implements AdminLedgerEntry {
  @ApiProperty({ description: 'The journal entry' })
  seq!: number;
  @ApiProperty({ example: '2026-11-20T09:30:00.000Z' })
  at!: string;
  @ApiProperty({ enum: Object.keys(STATEMENT_KIND_LABELS), description: 'What the entry was (docs/money.md)' })
  kind!: StatementLineKind;
  @ApiProperty({ type: String, nullable: true, description: 'The transaction id it names, if any' })
  reference!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The period of a stake, win or refund' })
  periodId!: string | null;
  @ApiProperty({ description: 'Rupees moved on the main balance (negative: out)' })
  main!: number;
  @ApiProperty({ description: 'Rupees moved on the bonus balance (negative: out)' })
  bonus!: number;
}

export class AdminPlayerClaimDoc implements AdminPlayerClaim {
  @ApiProperty()
  _id!: string;
  @ApiProperty()
  transactionId!: string;
  @ApiProperty({ enum: ['DEPOSIT', 'WITHDRAWAL'] })
  type!: 'DEPOSIT' | 'WITHDRAWAL';
  @ApiProperty({ enum: TRANSACTION_STATUSES })
  status!: TransactionStatus;
  @ApiProperty({ description: 'Rupees' })
  amount!: number;
  @ApiProperty()
  method!: string;
  @ApiProperty()
  createdAt!: string;
  @ApiProperty({ type: String, nullable: true })
  reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true })
  utrNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "A deposit's payer as the player gave it" })
  payer!: string | null;
  @ApiProperty({ type: String, nullable: true })
  upiId!: string | null;
  @ApiProperty({ type: BankDetailsDoc, nullable: true, description: 'In full' })
  bankDetails!: BankDetailsDoc | null;
  @ApiProperty({ type: String, nullable: true, description: 'The reason of a rejection, or a payout reference' })
  adminNotes!: string | null;
}

export class AdminPlayerOverviewDoc implements AdminPlayerOverview {
  @ApiProperty({ type: AdminPlayerDoc })
  player!: AdminPlayerDoc;
  @ApiProperty({ type: PlaySafelyViewDoc, description: "The player's own limits, read-only" })
  limits!: PlaySafelyViewDoc;
  @ApiProperty({ type: [AdminLedgerEntryDoc], description: 'Newest first, at most 20' })
  ledger!: AdminLedgerEntryDoc[];
  @ApiProperty({ type: [AdminPlayerClaimDoc], description: 'Deposits and withdrawals, newest first, at most 20' })
  claims!: AdminPlayerClaimDoc[];
  @ApiProperty({ type: [BetDoc], description: 'Newest first, at most 20' })
  bets!: BetDoc[];
}

export class AdminPlayerOverviewDataDoc implements AdminPlayerOverviewData {
  @ApiProperty({ type: AdminPlayerOverviewDoc })
  overview!: AdminPlayerOverviewDoc;
}
