import { randomBytes, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import {
  createUser,
  expectLedgerReconciles,
  recordTestChain,
  startTestApi,
  TEST_API_KEY,
  type TestApi,
  type TestUser,
} from '@app/testing';
import { CareSignalsRepository } from './care-signals.repository.js';
import { CareSignalsService } from './care-signals.service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Today at hh:mm IST, or that many days before. */
function istToday(hhmm: string, daysAgo = 0): Date {
  const ist = new Date(Date.now() + 5.5 * HOUR);
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), h, m) - 5.5 * HOUR - daysAgo * DAY,
  );
}

/** Minutes since midnight IST. */
const istMinuteOfDay = (at: Date): number => Math.floor(((at.getTime() + 5.5 * HOUR) % DAY) / MIN);

/**
 * Care signals end to end: histories seeded where the api and engine write them (and some through the real api), the
 * care job run, the flags seen in the console's route; a contact note and a dismissal, audited; a break applied from
 * the console ends the player's socket and refuses their sign-in. Nothing of it moves money.
 */
describe('care signals', () => {
  let api: TestApi;
  let admin: TestUser;
  let job: CareSignalsService;
  let chainId: number;
  let seq = 0;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
    chainId = (await recordTestChain(api.db, { commitment: 'a'.repeat(64), length: 1_000_000 })).id;
    job = new CareSignalsService(new CareSignalsRepository(api.db));
  });
  afterAll(() => api.close());

  /** A settled bet of the player's at `at` (lost unless `win`, in paise), in a period of its own, as the engine stores it. */
  async function bet(userId: string, rupees: number, at: Date, win = 0): Promise<void> {
    const id = `2026${String(++seq).padStart(8, '0')}`;
    await api.db
      .insertInto('periods')
      .values({
        id,
        start_at: at,
        lock_at: new Date(at.getTime() + 25_000),
        end_at: new Date(at.getTime() + 30_000),
        chain_id: chainId,
        chain_index: seq,
        seed_hash: 'a'.repeat(64),
        status: 'SETTLED',
        seed: 'a'.repeat(64),
        digit: 6,
        color: 'red',
        big_small: 'big',
      } as never)
      .execute();
    await api.db
      .insertInto('bets')
      .values({
        id: randomUUID(),
        user_id: userId,
        period_id: id,
        bet_type: 'color',
        bet_value: 'green',
        amount: rupees * 100,
        status: 'COMPLETED',
        is_win: win > 0,
        win_amount: win,
        system_selected_value: 'red',
        placed_at: at,
      } as never)
      .execute();
  }

  /** A deposit claim at `at`, as the api stores it. */
  async function depositClaim(player: TestUser, rupees: number, at: Date): Promise<void> {
    const tag = randomBytes(6).toString('hex').toUpperCase();
    await api.db
      .insertInto('transactions')
      .values({
        transaction_id: `DEP${tag}`,
        user_id: player.id,
        wallet_id: player.walletId,
        type: 'DEPOSIT',
        method: 'UPI',
        status: 'FAILED',
        amount: rupees * 100,
        description: 'UPI deposit',
        utr_number: `${tag}00`,
        ist_day: '2026-11-29',
        created_at: at,
        reviewed_at: at,
      } as never)
      .execute();
  }

  const care = (status = '') =>
    api.request('GET', `/api/v1/admin/care${status ? `?status=${status}` : ''}`, { token: admin.token });
  const flagsOf = async (player: TestUser, status = 'all') =>
    ((await care(status)).body.data.players.find((p: { userId: string }) => p.userId === player.id)?.flags ??
      []) as Array<Record<string, any>>;
  const moneyState = async () => {
    const { rows } = await sql<{ postings: string; events: string; wallets: string }>`
      SELECT (SELECT count(*) FROM ledger_postings)::text AS postings, (SELECT count(*) FROM events)::text AS events,
             (SELECT coalesce(string_agg(user_id || ':' || main || ':' || bonus || ':' || bonus_wagering_required, ',' ORDER BY user_id), '') FROM wallets) AS wallets
    `.execute(api.db);
    return rows[0];
  };

  it('finds each pattern in the histories where the engine and api write them, names the figures, and leaves near-misses alone', async () => {
    const chaser = await createUser(api, { main: 1_000_00 });
    const nightOwl = await createUser(api);
    const redepositor = await createUser(api);
    const limited = await createUser(api);
    const loosener = await createUser(api);
    const returner = await createUser(api);
    const steady = await createUser(api);

    // ₹10 → ₹20 → ₹50 → ₹100, each after a loss, a minute apart (the engine's rows): half an hour ago, or earlier
    // where those minutes would cross midnight IST (the summary then names both days; istSpan's unit test covers it).
    let chaseAt = new Date(Date.now() - 30 * MIN);
    if (istMinuteOfDay(chaseAt) > 24 * 60 - 5) chaseAt = new Date(chaseAt.getTime() - 10 * MIN);
    for (const [i, stake] of [10, 20, 50, 100].entries())
      await bet(chaser.id, stake, new Date(chaseAt.getTime() + i * MIN));
    // A near-miss: ₹20 → ₹29 is less than 1.5×.
    for (const [i, stake] of [10, 20, 29, 50].entries())
      await bet(steady.id, stake, new Date(chaseAt.getTime() + i * MIN));
    // Bets at 01:30 IST on three of the last seven days.
    for (const daysAgo of [1, 3, 5]) await bet(nightOwl.id, 10, istToday('01:30', daysAgo));
    // A deposit claim 10 minutes after a ₹300 loss, on three days (in the afternoon: not night play too, whatever
    // the hour the test runs at).
    for (const daysAgo of [1, 2, 3]) {
      const at = istToday('14:00', daysAgo);
      await bet(redepositor.id, 300, new Date(at.getTime() - 10 * MIN));
      await depositClaim(redepositor, 500, at);
    }
    // Refused by their own limits on two earlier days (where the api and engine write them) and now through the api.
    await api.db
      .insertInto('limit_hits')
      .values([
        {
          user_id: limited.id,
          kind: 'loss',
          message: 'Your 24-hour loss limit of ₹500 leaves ₹0.',
          at: new Date(Date.now() - 2 * DAY),
        },
        {
          user_id: limited.id,
          kind: 'session',
          message: 'You have reached your session limit of 30 minutes.',
          at: new Date(Date.now() - DAY),
        },
      ])
      .execute();
    expect(
      (
        await api.request('PUT', '/api/v1/player/limits', {
          token: limited.token,
          body: { limits: { deposit24h: 100 } },
        })
      ).status,
    ).toBe(200);
    const refused = await api.request('POST', '/api/v1/payment/deposit', {
      token: limited.token,
      body: {
        method: 'UPI',
        amount: 200,
        utrNumber: `${Date.now()}`.slice(-12).padStart(12, '4'),
        upiApp: 'PHONEPE',
        payer: 'ravi.kumar@okaxis',
      },
    });
    expect(refused.status).toBe(403);
    // A ₹2,000 deposit limit, and a raise to ₹10,000 asked for at once (through the api).
    expect(
      (
        await api.request('PUT', '/api/v1/player/limits', {
          token: loosener.token,
          body: { limits: { deposit24h: 2000 } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.request('PUT', '/api/v1/player/limits', {
          token: loosener.token,
          body: { limits: { deposit24h: 10000 } },
        })
      ).status,
    ).toBe(200);
    // A self-exclusion that ended two hours ago, and a request to return now.
    const { id: exclusionId } = await api.db
      .insertInto('play_breaks')
      .values({
        user_id: returner.id,
        kind: 'exclusion',
        option: '6m',
        started_at: new Date(Date.now() - 183 * DAY),
        ends_at: new Date(Date.now() - 2 * HOUR),
        actor_id: returner.id,
        reason: "At the player's own request",
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('play_breaks')
      .set({ return_requested_at: new Date(), returns_at: new Date(Date.now() + DAY + MIN) })
      .where('id', '=', exclusionId)
      .execute();

    const before = await moneyState();
    const report = await job.run();
    expect(report.flags).toBeGreaterThanOrEqual(6);

    expect(await flagsOf(chaser)).toEqual([
      expect.objectContaining({
        pattern: 'loss-chasing',
        status: 'open',
        summary: expect.stringMatching(
          /^Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 \(\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}–\d{2}:\d{2} IST\)\.$/,
        ),
      }),
    ]);
    expect((await flagsOf(chaser))[0]!.figures).toMatchObject({
      lossesInARow: 3,
      stakesPaise: [1000, 2000, 5000, 10000],
    });
    expect(await flagsOf(nightOwl)).toEqual([
      expect.objectContaining({
        pattern: 'night-play',
        summary: expect.stringMatching(/^Played between 00:00 and 06:00 IST on 3 of the last 7 days: /),
      }),
    ]);
    expect(await flagsOf(redepositor)).toEqual([
      expect.objectContaining({
        pattern: 'deposits-after-losses',
        summary: expect.stringContaining('₹500 after losing ₹300'),
      }),
    ]);
    expect(await flagsOf(limited)).toEqual([
      expect.objectContaining({
        pattern: 'limits-reached',
        summary: expect.stringMatching(
          /^Stopped by their own limits on 3 occasions in 7 days: loss limit .+, session time limit .+, deposit limit .+\.$/,
        ),
      }),
    ]);
    expect(await flagsOf(loosener)).toEqual([
      expect.objectContaining({
        pattern: 'limit-loosened',
        summary: expect.stringMatching(
          /^Asked to raise their 24-hour deposit limit from ₹2,000 to ₹10,000 1 minute after setting it/,
        ),
      }),
    ]);
    expect(await flagsOf(returner)).toEqual([
      expect.objectContaining({
        pattern: 'quick-return',
        summary: expect.stringMatching(/^Asked to return from self-exclusion 2 hours after it ended/),
      }),
    ]);
    expect(await flagsOf(steady)).toEqual([]);

    // Run again (or twice at once): the same flags, no more.
    const count = async () =>
      Number(
        (
          await api.db
            .selectFrom('care_flags')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const flagged = await count();
    await Promise.all([job.run(), job.run()]);
    expect(await count()).toBe(flagged);

    // The care job moved nothing: no posting, no event, no wallet changed; the ledger still reconciles.
    expect(await moneyState()).toEqual(before);
    await expectLedgerReconciles(api.db);
  });

  it('a contact note and a dismissal are kept with the flag and audited; a reviewed flag opens again only on later play', async () => {
    const player = await createUser(api);
    const start = new Date(Date.now() - 40 * MIN);
    for (const [i, stake] of [10, 20, 50, 100].entries())
      await bet(player.id, stake, new Date(start.getTime() + i * MIN));
    await job.run();
    const [flag] = await flagsOf(player, 'open');
    expect(flag).toMatchObject({ pattern: 'loss-chasing', status: 'open', note: null });

    // Bad input changes nothing; an unknown flag is 404.
    const empty = await api.request('PUT', `/api/v1/admin/care/${flag!.id}/contacted`, {
      token: admin.token,
      body: { note: ' ' },
    });
    expect({ status: empty.status, errors: empty.body.errors }).toEqual({
      status: 400,
      errors: { note: 'Please write what was done (3 to 1000 characters).' },
    });
    expect(
      (
        await api.request('PUT', `/api/v1/admin/care/${randomUUID()}/contacted`, {
          token: admin.token,
          body: { note: 'Called.' },
        })
      ).status,
    ).toBe(404);
    expect((await flagsOf(player))[0]).toMatchObject({ status: 'open' });

    const contacted = await api.request('PUT', `/api/v1/admin/care/${flag!.id}/contacted`, {
      token: admin.token,
      body: { note: 'Called; talked through deposit limits.' },
    });
    expect(contacted.status).toBe(200);
    expect(contacted.body.message).toBe('Contact recorded.');
    expect(contacted.body.data.flag).toMatchObject({
      status: 'contacted',
      note: 'Called; talked through deposit limits.',
      reviewedBy: admin.username,
    });
    const audit = await api.db.selectFrom('audit_log').selectAll().where('target_id', '=', flag!.id).execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        beneficiary_id: player.id,
        action: 'care.contacted',
        target_type: 'care_flag',
        note: 'Called; talked through deposit limits.',
      }),
    ]);
    expect(await flagsOf(player, 'open')).toEqual([]);
    expect(await flagsOf(player, 'contacted')).toHaveLength(1);

    // The same play seen again does not reopen it.
    await job.run();
    expect((await flagsOf(player))[0]).toMatchObject({ status: 'contacted' });

    // Chasing again after the contact does (the next run, a few minutes on).
    const later = new Date(Date.now() + MIN);
    for (const [i, stake] of [50, 100, 200, 500].entries())
      await bet(player.id, stake, new Date(later.getTime() + i * MIN));
    await job.run(Date.now() + 10 * MIN);
    expect((await flagsOf(player))[0]).toMatchObject({
      status: 'open',
      figures: { stakesPaise: [5000, 10000, 20000, 50000] },
      note: 'Called; talked through deposit limits.',
    });

    const dismissed = await api.request('PUT', `/api/v1/admin/care/${flag!.id}/dismissed`, {
      token: admin.token,
      body: { note: 'Known high-stakes player; spoke last week.' },
    });
    expect({ status: dismissed.status, flag: dismissed.body.data.flag.status }).toEqual({
      status: 200,
      flag: 'dismissed',
    });
    expect(
      await api.db.selectFrom('audit_log').select('action').where('target_id', '=', flag!.id).orderBy('id').execute(),
    ).toEqual([{ action: 'care.contacted' }, { action: 'care.dismissed' }]);
  });

  it('a break applied from the console ends the socket at once, refuses sign-in, is audited with the admin, and nobody can shorten it', async () => {
    const player = await createUser(api, { main: 500_00 });
    const socket = await api.connect({ apiKey: TEST_API_KEY, token: player.token });
    const gone = new Promise<number>((resolve) => socket.on('disconnect', () => resolve(Date.now())));
    const before = await moneyState();

    const bad = await api.request('POST', `/api/v1/admin/players/${player.id}/break`, {
      token: admin.token,
      body: { option: '6m', reason: 'Loss-chasing' },
    });
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: 'Please choose how long: 24 hours, 7 days, 30 days or 6 weeks.',
    });
    expect(
      (
        await api.request('POST', `/api/v1/admin/players/${player.id}/break`, {
          token: admin.token,
          body: { option: '7d', reason: '' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.request('POST', `/api/v1/admin/players/${randomUUID()}/break`, {
          token: admin.token,
          body: { option: '7d', reason: 'Loss-chasing' },
        })
      ).status,
    ).toBe(404);

    const started = Date.now();
    const applied = await api.request('POST', `/api/v1/admin/players/${player.id}/break`, {
      token: admin.token,
      body: { option: '7d', reason: 'Loss-chasing at night; agreed on the phone.' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.message).toMatch(/^Break applied until \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2} IST\.$/);
    expect(applied.body.data.playBreak).toMatchObject({ kind: 'break', option: '7d', phase: 'break' });
    expect((await gone) - started).toBeLessThan(1000);

    const login = await api.request('POST', '/api/v1/auth/login', {
      body: { email: player.email, password: player.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/^You are taking a break until .+ IST\. For help, write to /);
    expect((await api.request('GET', '/api/v1/player/limits', { token: player.token })).status).toBe(401);

    const row = await api.db
      .selectFrom('play_breaks')
      .select(['actor_id', 'reason', 'option'])
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_id: admin.id, reason: 'Loss-chasing at night; agreed on the phone.', option: '7d' });
    const audit = await api.db
      .selectFrom('audit_log')
      .select(['actor_id', 'beneficiary_id', 'action', 'target_type'])
      .where('beneficiary_id', '=', player.id)
      .execute();
    expect(audit).toEqual([
      { actor_id: admin.id, beneficiary_id: player.id, action: 'play-break.apply', target_type: 'play_break' },
    ]);

    // Like any break, it cannot be shortened, by the operator or anyone.
    const shorter = await api.request('POST', `/api/v1/admin/players/${player.id}/break`, {
      token: admin.token,
      body: { option: '24h', reason: 'Shorten it' },
    });
    expect(shorter.status).toBe(409);
    await expect(
      api.db
        .updateTable('play_breaks')
        .set({ ends_at: new Date() } as never)
        .where('user_id', '=', player.id)
        .execute(),
    ).rejects.toThrow(/cannot be shortened/);
    // The console shows it beside the player's flags; no money moved.
    expect(await moneyState()).toEqual(before);
  });
});
