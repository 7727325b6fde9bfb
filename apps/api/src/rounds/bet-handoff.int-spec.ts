import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { BetMessage, ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { BET_MESSAGES, currentPeriod } from '@app/domain';
import {
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  newSession,
  periodStatus,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { BetIntakeService } from './bet-intake.service.js';

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PIPELINE: 'direct', FAIRNESS_CHAIN_LENGTH: '3000' };
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('the direct pipeline (BET_PIPELINE=direct): the bet is decided and written where it was taken in', () => {
  let api: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    await eventually(
      async () => (await periodStatus(api.db, currentPeriod(Date.now() + 4000, periodConfig).periodId)) === 'OPEN',
      30_000,
      'the engine opening periods ahead',
    );
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  it('answers each place-bet at once from its one transaction, and watches nothing', async () => {
    const user = await createUser(api, { main: 15_000 });
    const socket = api.socket({ apiKey: TEST_API_KEY, token: await newSession(api, user) }) as GameSocket;
    const answers: BetMessage[] = [];
    const balances: number[] = [];
    socket.on('bet-message', (m) => answers.push(m));
    socket.on('balance-update', (b) => balances.push(b.balance));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const period = await freshPeriod(periodConfig, 1500);
    const [first, second] = [randomUUID(), randomUUID()];
    socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'color',
      betValue: 'red',
      amount: 100,
      commandId: first,
    });
    await eventually(async () => answers.length === 1, 5_000, 'the first answer');
    socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'number',
      betValue: '5',
      amount: 100,
      commandId: second,
    });
    await eventually(async () => answers.length === 2, 5_000, 'the second answer');
    expect(answers.map((a) => [a.commandId, a.success, a.message])).toEqual([
      [first, true, BET_MESSAGES.placed],
      [second, false, BET_MESSAGES.insufficientBalance],
    ]);
    await eventually(async () => balances.includes(50), 5_000, 'the balance after the stake');
    expect(
      await api.db.selectFrom('bets').select(['user_id', 'amount']).where('user_id', '=', user.id).execute(),
    ).toEqual([{ user_id: user.id, amount: 10_000 }]);
    expect(() => api.app.get(BetIntakeService).watch).toThrow(/direct/);
    socket.disconnect();
    await expectLedgerReconciles(api.db);
  });
});
