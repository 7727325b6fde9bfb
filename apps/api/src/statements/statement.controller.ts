import { Controller, Get, Inject, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import type { ApiSuccess, StatementData } from '@app/contracts';
import { STATEMENT_MAX_DAYS, type StatementRange } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Roles } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { StatementDataDoc } from './statement.docs.js';
import { StatementService } from './statement.service.js';

type StatementAnswer = ApiSuccess<StatementData> | StreamableFile;

const QUERY_DOCS = [
  ApiQuery({
    name: 'from',
    required: true,
    type: String,
    format: 'date',
    description: 'First day, IST, YYYY-MM-DD (inclusive)',
    example: '2026-11-01',
  }),
  ApiQuery({
    name: 'to',
    required: true,
    type: String,
    format: 'date',
    description: `Last day, IST, YYYY-MM-DD (inclusive); at most ${STATEMENT_MAX_DAYS} days in all`,
    example: '2026-11-30',
  }),
  ApiQuery({
    name: 'format',
    required: false,
    enum: ['json', 'csv'],
    description: 'json (a page of 500 lines; the default) or csv (the whole range, streamed)',
  }),
  ApiQuery({
    name: 'after',
    required: false,
    type: String,
    pattern: '^[0-9]{1,15}$',
    description: 'JSON: the `nextAfter` of the previous page',
  }),
];
const documented = (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  for (const decorate of QUERY_DOCS) decorate(target, key, descriptor);
};

/** The whole range as a CSV download. */
function csvFile(service: StatementService, userId: string, range: StatementRange, name: string): StreamableFile {
  return new StreamableFile(Readable.from(service.csv(userId, range)), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}-${range.from}-to-${range.to}.csv"`,
  });
}

@ApiTags('wallet')
@ApiBearerAuth()
@Controller('wallet')
export class StatementController {
  constructor(@Inject(StatementService) private readonly statements: StatementService) {}

  @Get('statement')
  @ApiOperation({
    summary:
      'The player’s account statement over IST dates (at most 366 days): every deposit, withdrawal, bonus, stake, win and refund from the ledger, with period id, journal entry and running main and bonus balances; JSON pages or a CSV download',
  })
  @ApiProduces('application/json', 'text/csv')
  @documented
  @ApiEnvelope(StatementDataDoc)
  async statement(
    @CurrentUser() user: AuthUser,
    @Query('from') from?: unknown,
    @Query('to') to?: unknown,
    @Query('format') format?: unknown,
    @Query('after') after?: unknown,
  ): Promise<StatementAnswer> {
    const range = await this.statements.ownRange(user.id, { from, to, format, after });
    if (range.format === 'csv') return csvFile(this.statements, user.id, range, 'winround-statement');
    return ok({ statement: await this.statements.page(user.id, range) });
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin/players')
export class AdminStatementController {
  constructor(@Inject(StatementService) private readonly statements: StatementService) {}

  @Get(':userId/statement')
  @ApiOperation({
    summary: 'A player’s account statement, as the player gets it (JSON page or CSV); audited as player.statement',
  })
  @ApiProduces('application/json', 'text/csv')
  @documented
  @ApiEnvelope(StatementDataDoc)
  async statement(
    @CurrentUser() admin: AuthUser,
    @Param('userId') userId: string,
    @Query('from') from?: unknown,
    @Query('to') to?: unknown,
    @Query('format') format?: unknown,
    @Query('after') after?: unknown,
  ): Promise<StatementAnswer> {
    const range = await this.statements.adminRange(admin.id, userId, { from, to, format, after });
    if (range.format === 'csv') return csvFile(this.statements, userId, range, `winround-statement-${userId}`);
    return ok({ statement: await this.statements.page(userId, range) });
  }
}
