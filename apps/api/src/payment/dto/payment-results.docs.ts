import { ApiProperty } from '@nestjs/swagger';
import type { DepositResult, WithdrawResult } from '@app/contracts';
import { SUCCESS_TEXTS } from '@app/domain';

// Response schemas of the payment routes: classes implementing the contracts' types, for the API documentation.

export class DepositResultDoc implements DepositResult {
  @ApiProperty({ description: 'As stored: trimmed and upper-cased', example: '412345678901' })
  utrNumber!: string;
  @ApiProperty({ description: 'Whether the wallet is active (a deposit was approved before)' })
  isActive!: boolean;
  @ApiProperty({ description: 'True until a deposit of the player is approved' })
  isFirstDeposit!: boolean;
  @ApiProperty({ example: SUCCESS_TEXTS.depositSubmitted })
  message!: string;
  @ApiProperty({ example: 'DEP20261123000042' })
  transactionId!: string;
}

export class WithdrawResultDoc implements WithdrawResult {
  @ApiProperty({ example: 'WDR20261123000042' })
  transactionId!: string;
  @ApiProperty()
  isActive!: boolean;
  @ApiProperty({ example: SUCCESS_TEXTS.withdrawalSubmitted })
  message!: string;
}
