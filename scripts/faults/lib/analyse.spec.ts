import { analyseFault, formatTable, readFaultsReport } from './analyse.mjs';

const ROUND = 15_000;
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);
const P1 = '202611230001';
const P2 = '202611230002';
const A = '0190a0a0-0000-7000-8000-00000000000a';
const B = '0190a0a0-0000-7000-8000-00000000000b';
const BET1 = '0190a0a0-0000-7000-8000-000000000001';
const BET2 = '0190a0a0-0000-7000-8000-000000000002';

const goodLedger = {
  total: 0,
  unbalancedEntries: 0,
  walletMismatches: 0,
  negativeWallets: 0,
  stakes: 0,
  pendingStakes: 0,
  stakeEntryMismatches: 0,
};

/** A phase in which player A bet on P1 (accepted, settled, result received) and player B was refused on P2. */
function healthy() {
  return {
    clearedAt: T0,
    roundMs: ROUND,
    now: T0 + 60_000,
    bets: [
      {
        key: `${A}|${P1}|color`,
        playerId: A,
        periodId: P1,
        betType: 'color',
        sentAt: T0 - 1000,
        commandId: null,
        answers: [{ at: T0 - 900, success: true, message: 'Bet placed successfully.', betId: BET1 }],
      },
      {
        key: `${B}|${P2}|number`,
        playerId: B,
        periodId: P2,
        betType: 'number',
        sentAt: T0 + 2000,
        commandId: null,
        answers: [{ at: T0 + 2100, success: false, message: 'Insufficient balance.', betId: null }],
      },
    ],
    results: [{ playerId: A, betId: BET1, periodId: P1, at: T0 + 5000 }],
    refundNotices: [],
    unmatched: [],
    db: {
      bets: [{ id: BET1, user_id: A, period_id: P1, bet_type: 'color', status: 'COMPLETED' }],
      placedEvents: { [BET1]: 1 },
      periods: [
        { id: P1, status: 'SETTLED', endAt: T0 + 4000, outcomeEvents: 1 },
        { id: P2, status: 'SETTLED', endAt: T0 + 19_000, outcomeEvents: 1 },
      ],
      expectedPeriodIds: [P1, P2],
      finalSeenAt: { [P1]: T0 + 4500, [P2]: T0 + 19_500 },
      ledger: goodLedger,
    },
  };
}

describe('the verdict on a fault', () => {
  it('passes when money, answers, periods and results all hold', () => {
    const verdict = analyseFault(healthy());
    expect(verdict.failures).toEqual([]);
    expect(verdict.passed).toBe(true);
    expect(verdict.row).toMatchObject({
      sent: 2,
      answered: 2,
      accepted: 1,
      refused: 1,
      late: 0,
      never: 0,
      duplicateAnswers: 0,
      stuckPeriods: 0,
      resultsLost: 0,
      money: 'ok',
    });
  });

  it('fails when no bet was placed (a fault judged on nothing proves nothing)', () => {
    const input = healthy();
    input.bets = [];
    input.results = [];
    input.db.bets = [];
    expect(analyseFault(input).failures).toContain('no bet was placed during the fault');
  });

  it('fails on a ledger that does not sum to zero or balances that differ from the postings', () => {
    const input = healthy();
    input.db.ledger = { ...goodLedger, total: 100, walletMismatches: 2 };
    const verdict = analyseFault(input);
    expect(verdict.passed).toBe(false);
    expect(verdict.row.money).toBe('BROKEN');
    expect(verdict.failures).toEqual(
      expect.arrayContaining([
        'ledger does not sum to zero (total 100, 0 unbalanced entries)',
        '2 wallet balances differ from their postings',
      ]),
    );
  });

  it("fails when a batch's stake entry moved other sums than its bets' stakes", () => {
    const input = healthy();
    input.db.ledger = { ...goodLedger, stakeEntryMismatches: 1 };
    const verdict = analyseFault(input);
    expect(verdict.row.money).toBe('BROKEN');
    expect(verdict.failures).toContain("1 stake entries whose postings differ from their bets' stakes");
  });

  it('counts a bet answered more than 10 s after recovery as late, and one never answered', () => {
    const input = healthy();
    input.bets[1]!.answers[0]!.at = T0 + 2000 + 10_500;
    input.bets.push({
      key: `${A}|${P2}|bigSmall`,
      playerId: A,
      periodId: P2,
      betType: 'bigSmall',
      sentAt: T0 + 3000,
      commandId: null,
      answers: [],
    });
    const verdict = analyseFault(input);
    expect(verdict.row).toMatchObject({ late: 1, never: 1, maxDelayS: 10.5 });
    expect(verdict.failures).toEqual(
      expect.arrayContaining(['1 bets answered more than 10 s after recovery', '1 bets never answered']),
    );
  });

  it('measures the delay from the recovery for a bet sent during the fault', () => {
    const input = healthy();
    input.bets[0]!.sentAt = T0 - 20_000;
    input.bets[0]!.answers[0]!.at = T0 + 9000;
    expect(analyseFault(input).row).toMatchObject({ late: 0, maxDelayS: 9 });
  });

  it('expects a bet sent while a dependency is down to be answered within the bound', () => {
    const input = healthy();
    input.outage = { from: T0 - 5000, to: T0, answerWithinMs: 2000, what: 'Redis' };
    expect(analyseFault(input).row).toMatchObject({ sentDuringOutage: 1, slowDuringOutage: 0 });
    input.bets[0]!.answers[0]!.at = T0 - 1000 + 2001;
    const verdict = analyseFault(input);
    expect(verdict.row).toMatchObject({ sentDuringOutage: 1, slowDuringOutage: 1 });
    expect(verdict.failures).toContain('1 bets sent while Redis was down not answered within 2 s');
  });

  it('fails on duplicate answers, including answers that fit no bet', () => {
    const input = healthy();
    input.bets[0]!.answers.push({ at: T0 - 800, success: true, message: 'Bet placed successfully.', betId: BET1 });
    input.unmatched = [{ playerId: B, success: false }];
    const verdict = analyseFault(input);
    expect(verdict.row.duplicateAnswers).toBe(2);
    expect(verdict.failures).toContain('2 duplicate answers');
  });

  it('fails when an acknowledged bet is not stored, stored twice, its stake not taken by an entry or left pending, and when a refused bet is stored', () => {
    const notStored = healthy();
    notStored.db.bets = [];
    expect(analyseFault(notStored).failures).toContain('1 acknowledged bets not stored');
    // Each example says what the database holds for that player, period and game.
    expect(analyseFault(notStored).examples['acknowledged bets not stored']![0]).toMatch(
      new RegExp(`answers: accepted ${BET1}; no bet of that player, period and game stored\\)$`),
    );
    const storedElsewhere = healthy();
    storedElsewhere.db.bets[0]!.id = 'another-id';
    expect(analyseFault(storedElsewhere).examples['acknowledged bets not stored']![0]).toMatch(
      /; stored as another-id, COMPLETED\)$/,
    );

    // Told "placed" without the bet (its id unknown to the player): said as such, with what is stored.
    const noBet = healthy();
    noBet.bets[0]!.answers[0]!.betId = null;
    expect(analyseFault(noBet).failures).toEqual(['1 acknowledged bets whose answers did not carry the bet']);
    expect(analyseFault(noBet).examples['acknowledged bets whose answers did not carry the bet']![0]).toMatch(
      new RegExp(`; stored as ${BET1}, COMPLETED\\)$`),
    );

    const twice = healthy();
    twice.db.placedEvents[BET1] = 2;
    expect(analyseFault(twice).failures).toContain('1 acknowledged bets stored more than once');

    const stakeNotTaken = healthy();
    stakeNotTaken.db.placedEvents = {};
    expect(analyseFault(stakeNotTaken).failures).toContain('1 acknowledged bets whose stake no journal entry took');

    const pending = healthy();
    pending.db.bets[0]!.status = 'PENDING';
    expect(analyseFault(pending).failures).toEqual(
      expect.arrayContaining([
        '1 acknowledged bets neither settled nor refunded',
        '1 bets whose status does not match their period',
      ]),
    );

    const refusedStored = healthy();
    refusedStored.db.bets.push({ id: BET2, user_id: B, period_id: P2, bet_type: 'number', status: 'COMPLETED' });
    refusedStored.results.push({ playerId: B, betId: BET2, periodId: P2, at: T0 + 20_000 });
    expect(analyseFault(refusedStored).failures).toContain('1 refused bets stored');
  });

  it('matches a refused bet by its command id when the protocol carries one', () => {
    const input = healthy();
    input.bets[1]!.commandId = BET2;
    input.db.bets.push({ id: BET2, user_id: B, period_id: P2, bet_type: 'number', status: 'COMPLETED' });
    input.results.push({ playerId: B, betId: BET2, periodId: P2, at: T0 + 20_000 });
    expect(analyseFault(input).failures).toContain('1 refused bets stored');
  });

  it('fails on a gap, a period left unsettled, one settled twice, and one final more than 2 rounds after recovery', () => {
    const gap = healthy();
    gap.db.periods = gap.db.periods.filter((p) => p.id !== P2);
    expect(analyseFault(gap).failures).toContain('1 periods never opened (a gap)');

    const drawn = healthy();
    drawn.db.periods[1]!.status = 'DRAWN';
    delete (drawn.db.finalSeenAt as Record<string, number>)[P2];
    const verdict = analyseFault(drawn);
    expect(verdict.failures).toEqual(
      expect.arrayContaining([
        '1 periods neither settled nor refunded',
        '1 periods unsettled more than 2 rounds after the fault cleared',
      ]),
    );
    expect(verdict.row.stuckPeriods).toBe(1);

    const twice = healthy();
    twice.db.periods[0]!.outcomeEvents = 2;
    expect(analyseFault(twice).failures).toContain('1 periods settled or refunded more than once');

    const slow = healthy();
    slow.db.finalSeenAt[P2] = T0 + 19_000 + 2 * ROUND + 1;
    expect(analyseFault(slow).row.stuckPeriods).toBe(1);
    slow.db.finalSeenAt[P2] = T0 + 19_000 + 2 * ROUND;
    expect(analyseFault(slow).row.stuckPeriods).toBe(0);
  });

  it('counts from the recovery for a period that ended during the fault', () => {
    const input = healthy();
    input.clearedAt = T0 + 30_000;
    input.db.finalSeenAt[P1] = T0 + 30_000 + 2 * ROUND - 1;
    expect(analyseFault(input).row.stuckPeriods).toBe(0);
  });

  it('fails when a bet-result is lost or delivered twice; an old result counts only when repeated', () => {
    const lost = healthy();
    lost.results = [];
    expect(analyseFault(lost).failures).toContain('1 bet-results never received');

    const doubled = healthy();
    doubled.results.push({ ...doubled.results[0]!, at: T0 + 5100 });
    expect(analyseFault(doubled).row.resultsDuplicated).toBe(1);

    const old = healthy();
    old.results.push({ playerId: A, betId: BET2, periodId: '202611229999', at: T0 });
    expect(analyseFault(old).passed).toBe(true);
    old.results.push({ playerId: A, betId: BET2, periodId: '202611229999', at: T0, repeat: true });
    expect(analyseFault(old).failures).toContain('1 duplicate bet-results');
  });

  it('expects exactly one refund notice per player and refunded period', () => {
    const input = healthy();
    input.db.periods[0]!.status = 'REFUNDED';
    input.db.bets[0]!.status = 'REFUNDED';
    input.results = [];
    expect(analyseFault(input).failures).toContain('1 refund notices never received');
    input.refundNotices = [
      { playerId: A, periodId: P1, at: T0 + 5000 },
      { playerId: A, periodId: P1, at: T0 + 5001 },
    ];
    const verdict = analyseFault(input);
    expect(verdict.row).toMatchObject({ refundNoticesLost: 0, refundNoticesDuplicated: 1 });
  });
});

describe('the fault report', () => {
  it('prints one row per fault', () => {
    const verdict = analyseFault(healthy());
    const table = formatTable([
      { name: 'postgres-stop', ...verdict },
      { name: 'engines-down', passed: false },
    ]);
    expect(table.split('\n')).toHaveLength(4);
    expect(table).toMatch(/\| postgres-stop +\| PASS +\| 2 +\| 2 +\|/);
    expect(table).toMatch(/\| engines-down +\| ERROR/);
  });

  it('is read by `npm test` as one test per fault', () => {
    expect(readFaultsReport({ faults: [{ passed: true }, { passed: false }, { passed: false }] })).toEqual({
      passed: 1,
      failed: 2,
      skipped: 0,
      todo: 0,
      notRun: [],
    });
    expect(readFaultsReport({ numPassedTests: 3 })).toBeNull();
    expect(readFaultsReport(null)).toBeNull();
  });
});
