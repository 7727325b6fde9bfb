import type { FairnessInfo, FairnessPeriod, FairnessStats } from '@app/contracts';
import { drawResult, hashSeed, QUICKNET } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { setLanguage } from '../../../shared/i18n/i18n';
import { renderLive } from '../../../test/render-live';
import {
  BETS,
  CHAIN_1,
  CHAIN_2,
  chainRecord,
  drawn,
  fairnessInfo,
  FIRST,
  HOUR,
  periodId,
  proofOf,
  refunded,
  SECOND,
} from '../testing/fairness-fixtures';

// Periods 1–6 of the first chain, newest first; period 4 has three bets.
const PERIODS = [6, 5, 4, 3, 2, 1].map((n) => drawn(n, n === 4 ? { bets: BETS } : {}));
const INFO = fairnessInfo(PERIODS);
const MY_BET = BETS[1]!;

const STATS: FairnessStats = {
  windows: [
    {
      window: 1000,
      periods: 1000,
      cheapest: { value: 0.098, low: 0.079, high: 0.117, n: 812 },
      returns: [
        {
          game: 'color',
          choice: 'red',
          periods: 640,
          stakes: 52000,
          credited: 37400,
          realised: 0.7192,
          expected: 0.728,
          low: 0.69,
          high: 0.766,
          withinBand: true,
        },
        {
          game: 'number',
          choice: '7',
          periods: 300,
          stakes: 9000,
          credited: 3000,
          realised: 0.3333,
          expected: 0.756,
          low: 0.52,
          high: 0.99,
          withinBand: false,
        },
        {
          game: 'number',
          choice: '8',
          periods: 0,
          stakes: 0,
          credited: 0,
          realised: null,
          expected: 0.756,
          low: 0.756,
          high: 0.756,
          withinBand: null,
        },
      ],
    },
    {
      window: 10000,
      periods: 4210,
      cheapest: { value: 0.14, low: 0.125, high: 0.155, n: 3900 },
      returns: [],
    },
  ],
};

type Routes = Record<string, FakeRoute>;

function open(
  path = '/fairness',
  { info = INFO as FairnessInfo | null, session = 'signed-out' as 'signed-out' | 'user', routes = {} as Routes } = {},
) {
  return renderLive(path, {
    session,
    routes: {
      'GET /fairness': () => (info ? ok(info) : fail(500)),
      'GET /fairness/stats': () => ok(STATS),
      ...routes,
    },
  });
}

const periodButton = (id: string) => screen.getByRole('button', { name: new RegExp(`^${id}`) });
const marks = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-status'));
const recentList = () => screen.findByRole('list', { name: 'Recent periods' });

/** Waits until every recent period has been verified in the browser. */
async function allVerified() {
  await recentList();
  await waitFor(() => {
    for (const p of PERIODS) expect(periodButton(p.periodId)).not.toHaveTextContent('…');
  });
}

describe('the public fairness page', () => {
  test('asks the sceptic’s questions in order, each saying what it proves and what it does not', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Provably fair', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Were the results fixed before I bet?',
      'Could anyone, even WinRound, know a result before betting closed?',
      'Were bets added or changed after the result?',
      'Are rounds ever cancelled to avoid paying?',
      'Does the house steer results?',
      'Chance and return of each choice',
      'Check a period',
    ]);
    for (const name of [
      'Were the results fixed before I bet?',
      'Were bets added or changed after the result?',
      'Does the house steer results?',
    ]) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getByText('What it proves')).toBeInTheDocument();
      expect(within(section).getByText('What it does not prove')).toBeInTheDocument();
    }
    expect(screen.getByTestId('location')).toHaveTextContent('/fairness');
  });

  test('no longer claims the commitment never changes, nor that the operator can know results when a beacon is used', async () => {
    open();
    await screen.findByTestId('beacon-name');
    const page = screen.getByRole('main');
    expect(page).not.toHaveTextContent('never changes');
    expect(page).not.toHaveTextContent('could know a result in advance');
    const beacon = screen.getByRole('region', {
      name: 'Could anyone, even WinRound, know a result before betting closed?',
    });
    expect(beacon).toHaveTextContent('Bets close 5 seconds before the end of each period.');
    expect(beacon).toHaveTextContent('The round used is the first one produced at or after the moment betting closes.');
  });

  test('lists every commitment with when it was published, its first period, what it covered, and flags a late one', async () => {
    const late = { ...chainRecord(3, FIRST.commitmentHex.replace(/^../, '00'), 121, 5 * HOUR), coveredFrom: null };
    open('/fairness', {
      info: fairnessInfo(PERIODS, { chains: [late, CHAIN_2, { ...CHAIN_1, coveredTo: periodId(6) }] }),
    });
    const list = await screen.findByRole('list', { name: 'Published commitments, newest first' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Chain 3', 'Chain 2', 'Chain 1drawing now']);
    const first = screen.getByTestId('chain-1');
    expect(first).toHaveTextContent(FIRST.commitmentHex);
    expect(first).toHaveTextContent('19 Nov 2026, 00:00:00 IST');
    expect(first).toHaveTextContent('202611210001 · 21 Nov 2026, 00:00:00 IST');
    expect(first).toHaveTextContent('✔ 2 d 0 h before its first period');
    expect(first).toHaveTextContent('202611210001 to 202611210006');
    expect(screen.getByTestId('chain-3')).toHaveTextContent(
      '⚠ only 5 h 0 min before its first period (less than 24 h)',
    );
    expect(screen.getByTestId('chain-3')).toHaveTextContent('None yet');
    expect(screen.getByText(/✔ follows from the latest revealed seed/)).toBeInTheDocument();
  });

  test('without a beacon, says plainly that only the chain holds and the operator could know results in advance', async () => {
    const chainOnly = PERIODS.map((p) => {
      const { beacon: _beacon, ...rest } = p;
      return rest as FairnessPeriod;
    });
    open('/fairness', { info: fairnessInfo(chainOnly, { beacon: null }) });
    const statement = await screen.findByTestId('no-beacon');
    expect(statement).toHaveTextContent('draws use the hash chain alone, without public randomness');
    expect(statement).toHaveTextContent(
      'WinRound, which holds the seeds not revealed yet, could know a result before betting closes',
    );
    expect(screen.getByRole('region', { name: /Could anyone/ })).toHaveTextContent(
      'HMAC-SHA256(key = seed, message = period id)',
    );
  });

  test('names a beacon that is not quicknet plainly as a local test beacon', async () => {
    open();
    expect(await screen.findByTestId('beacon-name')).toHaveTextContent('a local test beacon, not drand’s network');
    expect(screen.getByRole('region', { name: /Could anyone/ })).toHaveTextContent(
      'whoever runs it holds its key, so it adds nothing to the chain’s guarantee',
    );
  });

  test('names drand quicknet as such, with the rule of the first round at or after the lock', async () => {
    const quicknet = {
      chainHash: QUICKNET.hash,
      publicKey: QUICKNET.publicKey,
      genesisTime: QUICKNET.genesisTime,
      period: QUICKNET.period,
      scheme: QUICKNET.scheme,
      quicknet: true,
    };
    open('/fairness', { info: fairnessInfo(PERIODS, { beacon: quicknet }) });
    expect(await screen.findByTestId('beacon-name')).toHaveTextContent(/^drand quicknet$/);
    const section = screen.getByRole('region', { name: /Could anyone/ });
    expect(section).toHaveTextContent(
      'mixes its seed with the randomness of a round of drand quicknet, which produces a new signed round every 3 seconds',
    );
    expect(section).toHaveTextContent('Nobody, WinRound included, could know a result while bets were taken.');
    expect(section).toHaveTextContent('League of Entropy');
    expect(section).not.toHaveTextContent('local test beacon');
  });

  test('every recent period is verified in the browser; picking one shows each check and what the house would have paid', async () => {
    const withPays = PERIODS.map((p) =>
      p.periodId === periodId(4) ? { ...p, housePays: [10, 0, 182, 9, 91, 18, 0, 0, 0, 0], stakes: 160 } : p,
    );
    const { user } = open('/fairness', { info: fairnessInfo(withPays) });
    await allVerified();
    for (const p of PERIODS) expect(periodButton(p.periodId)).toHaveTextContent('✔');
    await user.click(periodButton(periodId(4)));
    const checks = screen.getByRole('list', { name: `Checks of period ${periodId(4)}` });
    expect(marks(checks)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
    expect(within(checks).getByText('Anchored to a published commitment')).toBeInTheDocument();
    expect(within(checks).getByText('Public randomness')).toBeInTheDocument();
    expect(within(checks).getByText('Bets committed before the result')).toBeInTheDocument();
    expect(within(checks).getByText(/^3 bets, root/)).toBeInTheDocument();
    const pays = screen.getByRole('table', { name: 'What the house would have paid winners, per digit' });
    expect(within(pays).getAllByRole('row')).toHaveLength(11);
    expect(
      within(within(pays).getByRole('rowheader', { name: '1' }).closest('tr')!).getByText('cheapest'),
    ).toBeInTheDocument();
  });

  test('a period whose published digit its seed and randomness do not give is marked ✘', async () => {
    const tampered = PERIODS.map((p) => (p.periodId === periodId(5) ? { ...p, digit: (p.digit! + 1) % 10 } : p));
    const { user } = open('/fairness', { info: fairnessInfo(tampered) });
    await allVerified();
    expect(periodButton(periodId(5))).toHaveTextContent('✘');
    expect(periodButton(periodId(6))).toHaveTextContent('✔');
    await user.click(periodButton(periodId(5)));
    expect(marks(screen.getByRole('list', { name: `Checks of period ${periodId(5)}` }))).toEqual([
      'pass',
      'pass',
      'pass',
      'fail',
      'pass',
    ]);
    expect(screen.getByText(`Period ${periodId(5)}: does not verify`)).toBeInTheDocument();
  });

  test('a forged seed that hashes to its own published hash but not to the commitment is marked ✘', async () => {
    const forgedSeed = 'ab'.repeat(32);
    const forge = (p: FairnessPeriod): FairnessPeriod => {
      const { digit, color, bigSmall } = drawResult(forgedSeed, p.periodId, p.beacon!.randomness);
      return { ...p, seed: forgedSeed, seedHash: hashSeed(forgedSeed), digit, color, bigSmall };
    };
    const forged = PERIODS.map((p) => (p.periodId === periodId(6) ? forge(p) : p));
    const { user } = open('/fairness', { info: fairnessInfo(forged, { nextSeedHash: '' }) });
    await recentList();
    await waitFor(() => expect(periodButton(periodId(6))).toHaveTextContent('✘'));
    await user.click(periodButton(periodId(6)));
    expect(marks(screen.getByRole('list', { name: `Checks of period ${periodId(6)}` }))).toEqual([
      'fail',
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
  });

  test('a period asked for in the address is looked up and verified, with its chain and beacon from the lookup', async () => {
    const old = drawn(63, { chain: { id: 2, tip: SECOND.tipHex }, k: 3 });
    const { fake } = open(`/fairness?period=${old.periodId}`, {
      routes: {
        [`GET /fairness/periods/${old.periodId}`]: () => ok({ period: old, chain: CHAIN_2, beacon: INFO.beacon }),
      },
    });
    const result = await screen.findByTestId('lookup-result');
    const checks = await within(result).findByRole('list', { name: `Checks of period ${old.periodId}` });
    await waitFor(() => expect(marks(checks)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']));
    expect(
      within(checks).getByText('Hashing seed[3] 3 times with SHA-256 gives the commitment of chain 2.'),
    ).toBeInTheDocument();
    expect(within(result).getByText(`Period ${old.periodId}: verified`)).toBeInTheDocument();
    expect(fake.callsTo(`GET /fairness/periods/${old.periodId}`)).toHaveLength(1);
  });

  test('the look-up form puts the period in the address and verifies it', async () => {
    const target = PERIODS[3]!;
    const { user, fake } = open('/fairness', {
      routes: {
        [`GET /fairness/periods/${target.periodId}`]: () => ok({ period: target, chain: CHAIN_1, beacon: INFO.beacon }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Look up a period' });
    await user.type(within(form).getByLabelText('Period id'), target.periodId);
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    const checks = await within(form).findByRole('list', { name: `Checks of period ${target.periodId}` });
    await waitFor(() => expect(marks(checks)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']));
    expect(fake.callsTo(`GET /fairness/periods/${target.periodId}`)).toHaveLength(1);
  });

  test('a period not drawn yet is only partly checked: its commitment, nothing else yet', async () => {
    const open7 = drawn(7);
    const notDrawn: FairnessPeriod = {
      periodId: open7.periodId,
      status: 'OPEN',
      chainId: 1,
      chainIndex: 7,
      lockTime: open7.lockTime,
      endTime: open7.endTime,
      seedHash: open7.seedHash,
    };
    open(`/fairness?period=${open7.periodId}`, {
      routes: {
        [`GET /fairness/periods/${open7.periodId}`]: () => ok({ period: notDrawn, chain: CHAIN_1, beacon: null }),
      },
    });
    const result = await screen.findByTestId('lookup-result');
    expect(within(result).getByText(`Period ${open7.periodId} is not drawn yet.`)).toBeInTheDocument();
    expect(within(result).queryByText(/Its committed hash is published once/)).toBeNull();
    expect(
      await within(result).findByText(`Period ${open7.periodId}: 1 of 5 checks passed; the others cannot be made yet`),
    ).toBeInTheDocument();
    expect(marks(within(result).getByRole('list', { name: /^Checks of period/ }))).toEqual([
      'unchecked',
      'pass',
      'unchecked',
      'unchecked',
      'unchecked',
    ]);
    expect(within(result).queryByText(/: verified/)).toBeNull();
    expect(result).toHaveTextContent(open7.seedHash!);
    expect(result).not.toHaveTextContent(open7.seed!);
  });

  test('a period opened ahead, whose hash is not public yet, says when it will be and shows no seed', async () => {
    const ahead = drawn(8);
    const notPublic: FairnessPeriod = {
      periodId: ahead.periodId,
      status: 'OPEN',
      chainId: 1,
      chainIndex: 8,
      lockTime: ahead.lockTime,
      endTime: ahead.endTime,
    };
    open(`/fairness?period=${ahead.periodId}`, {
      routes: {
        [`GET /fairness/periods/${ahead.periodId}`]: () => ok({ period: notPublic, chain: CHAIN_1, beacon: null }),
      },
    });
    const result = await screen.findByTestId('lookup-result');
    expect(result).toHaveTextContent(
      `Period ${ahead.periodId} is not drawn yet. Its committed hash is published once the period before it has been drawn.`,
    );
    expect(result).not.toHaveTextContent(ahead.seedHash!);
  });

  test('when a new chain takes over, the running period’s hash is that chain’s commitment', async () => {
    open('/fairness', {
      info: fairnessInfo(PERIODS, { nextSeedHash: CHAIN_2.commitment, commitment: CHAIN_2.commitment }),
    });
    expect(await screen.findByText(/✔ the commitment of chain 2: the running period is its first/)).toBeInTheDocument();
    expect(screen.getByTestId('chain-2')).toHaveTextContent('drawing now');
    expect(screen.getByTestId('commitment')).toHaveTextContent(CHAIN_2.commitment);
  });

  test('a period the server does not know says so', async () => {
    open('/fairness?period=202611219999', {
      routes: { 'GET /fairness/periods/202611219999': () => fail(404, 'Period not found.') },
    });
    const form = await screen.findByRole('form', { name: 'Look up a period' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Period not found.');
    expect(within(form).getByLabelText('Period id')).toHaveValue('202611219999');
  });

  test('opened from a bet, a signed-in player’s bet is checked to be in the period’s commitment', async () => {
    const period = PERIODS[2]!; // period 4, with the bets
    const { fake } = open(`/fairness?period=${period.periodId}&bet=${MY_BET.betId}`, {
      session: 'user',
      routes: {
        [`GET /fairness/periods/${period.periodId}`]: () => ok({ period, chain: CHAIN_1, beacon: INFO.beacon }),
        [`GET /bet/${MY_BET.betId}/proof`]: () => ok(proofOf(period, MY_BET)),
      },
    });
    const result = await screen.findByTestId('lookup-result');
    const checks = await within(result).findByRole('list', { name: `Checks of period ${period.periodId}` });
    await waitFor(() => expect(marks(checks)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']));
    expect(within(checks).getByText('Your bet is in the commitment')).toBeInTheDocument();
    expect(
      within(checks).getByText(/^Pick a Number: 7, ₹50.00: leaf \d of 3 under the published root\.$/),
    ).toBeInTheDocument();
    expect(within(result).getByText(MY_BET.pseudonym)).toBeInTheDocument();
    const [call] = fake.callsTo(`GET /bet/${MY_BET.betId}/proof`);
    expect(call!.headers.Authorization).toBe('Bearer token-for-user');
  });

  test('a bet that is not in the published root fails the check', async () => {
    const period = PERIODS[2]!;
    const stranger = { ...MY_BET, choice: '3' };
    open(`/fairness?period=${period.periodId}&bet=${MY_BET.betId}`, {
      session: 'user',
      routes: {
        [`GET /fairness/periods/${period.periodId}`]: () => ok({ period, chain: CHAIN_1, beacon: INFO.beacon }),
        [`GET /bet/${MY_BET.betId}/proof`]: () => ok(proofOf(period, stranger, BETS, { index: 1 })),
      },
    });
    const result = await screen.findByTestId('lookup-result');
    await waitFor(() =>
      expect(within(result).getByText(`Period ${period.periodId}: does not verify`)).toBeInTheDocument(),
    );
    const checks = within(result).getByRole('list', { name: `Checks of period ${period.periodId}` });
    expect(marks(checks).at(-1)).toBe('fail');
    expect(within(checks).getByText('Your bet is NOT leaf 2 of 3 under the published root.')).toBeInTheDocument();
  });

  test('a bet the server will not prove fails; a visitor without a session is asked to sign in and nothing is fetched', async () => {
    const period = PERIODS[2]!;
    const signedIn = open(`/fairness?period=${period.periodId}&bet=${MY_BET.betId}`, {
      session: 'user',
      routes: {
        [`GET /fairness/periods/${period.periodId}`]: () => ok({ period, chain: CHAIN_1, beacon: INFO.beacon }),
        [`GET /bet/${MY_BET.betId}/proof`]: () => fail(404, 'Bet not found.'),
      },
    });
    const result = await screen.findByTestId('lookup-result');
    await waitFor(() => expect(within(result).getByText('Bet not found.')).toBeInTheDocument());
    expect(marks(within(result).getByRole('list', { name: /^Checks of period/ })).at(-1)).toBe('fail');
    signedIn.view!.unmount();

    const visitor = open(`/fairness?period=${period.periodId}&bet=${MY_BET.betId}`, {
      routes: {
        [`GET /fairness/periods/${period.periodId}`]: () => ok({ period, chain: CHAIN_1, beacon: INFO.beacon }),
      },
    });
    const seen = await screen.findByTestId('lookup-result');
    expect(
      await within(seen).findByText('Sign in to check that your bet is in this period’s commitment.'),
    ).toBeInTheDocument();
    expect(within(seen).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const checks = await within(seen).findByRole('list', { name: `Checks of period ${period.periodId}` });
    await waitFor(() => expect(marks(checks)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'unchecked']));
    expect(within(checks).getByText('Sign in to check that your bet is in the commitment.')).toBeInTheDocument();
    expect(visitor.fake.callsTo(`GET /bet/${MY_BET.betId}/proof`)).toHaveLength(0);
  });

  test('refunds: counts by reason, stakes, what the house would have paid and kept, and each refunded period’s would-be result', async () => {
    const withRefund = PERIODS.map((p) => (p.periodId === periodId(3) ? refunded(p) : p));
    const voided = withRefund.find((p) => p.periodId === periodId(3))!;
    const { user } = open('/fairness', {
      info: fairnessInfo(withRefund, {
        refunds: {
          periods: 5,
          byReason: { 'beacon-unavailable': 2, 'not-drawn': 1, missed: 2 },
          withBets: 3,
          stakes: 1250,
          known: 2,
          wouldHavePaid: 1800,
          wouldHaveKept: -550,
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Are rounds ever cancelled to avoid paying?' });
    await waitFor(() => expect(within(section).getByTestId('would-have-paid')).toHaveTextContent('₹1,800.00'));
    expect(within(section).getByTestId('would-have-kept')).toHaveTextContent('-₹550.00');
    expect(section).toHaveTextContent('refunding them saved it money');
    const reasons = within(section).getByRole('table', { name: 'Refunded periods by reason' });
    expect(
      within(reasons).getByRole('rowheader', { name: 'The public randomness did not arrive in time' })
        .nextElementSibling,
    ).toHaveTextContent('2');
    expect(within(section).getByRole('list', { name: 'Latest refunded periods' })).toHaveTextContent(
      `${periodId(3)} The public randomness did not arrive in time would have drawn ${voided.voidResult!.digit}`,
    );

    await allVerified();
    expect(periodButton(periodId(3))).toHaveTextContent(`Refunded · would have drawn ${voided.voidResult!.digit}`);
    expect(periodButton(periodId(3))).toHaveTextContent('✔');
    await user.click(periodButton(periodId(3)));
    expect(
      within(screen.getByRole('list', { name: `Checks of period ${periodId(3)}` })).getByText(
        /^Refunded\. Would have drawn/,
      ),
    ).toBeInTheDocument();
  });

  test('statistics: how often the cheapest digit was drawn against 10 %, and each choice’s return against its band', async () => {
    const { user } = open();
    const section = await screen.findByRole('region', { name: 'Does the house steer results?' });
    expect(await within(section).findByTestId('cheapest-1000')).toHaveTextContent(
      'The drawn digit was the house’s cheapest in 9.8% of 812 periods with bets (95% interval 7.9% to 11.7%). Expected: 10%.',
    );
    expect(within(section).getByTestId('cheapest-1000')).not.toHaveTextContent('outside');
    const table = within(section).getByRole('table', { name: 'Return to player per choice, last 1,000 periods' });
    const row = (name: RegExp) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row(/Color Clash: Red/)).toEqual(['71.9%', '72.8%, 95% band 69%–76.6%', '✔']);
    expect(row(/Pick a Number: 7/)).toEqual(['33.3%', '75.6%, 95% band 52%–99%', '⚠']);
    expect(row(/Pick a Number: 8/)).toEqual(['–', '75.6%, 95% band 75.6%–75.6%', '–']);
    expect(within(section).getByText('⚠ 1 choice outside the band.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Last 10,000 periods' }));
    expect(within(section).getByTestId('cheapest-10000')).toHaveTextContent('14% of 3,900 periods');
    expect(within(section).getByTestId('cheapest-10000')).toHaveTextContent('⚠ 10% lies outside the interval.');
    expect(within(section).getByText('4,210 settled periods')).toBeInTheDocument();
  });

  test('a statistics call that fails says so, and the rest of the page stands', async () => {
    renderLive('/fairness', {
      session: 'signed-out',
      routes: { 'GET /fairness': () => ok(INFO), 'GET /fairness/stats': () => fail(503) },
    });
    const section = await screen.findByRole('region', { name: 'Does the house steer results?' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to fetch the statistics');
    await allVerified();
  });

  test("keeps each choice's chance and return, gross and after 18% GST", async () => {
    open();
    const table = await screen.findByRole('table', { name: /Chance, payout and return/ });
    const group = (game: string) => within(table).getByRole('rowheader', { name: game }).closest('tbody')!;
    const row = (game: string, choice: string) =>
      within(within(group(game)).getByRole('rowheader', { name: choice }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Color Clash', 'Violet')).toEqual(['20%', 'x2', '40%', '36.4%']);
    expect(row('Color Clash', 'Red')).toEqual(['40%', 'x2', '80%', '72.8%']);
    expect(row('Big or Small', 'Big')).toEqual(['50%', 'x2', '100%', '91%']);
    expect(row('Pick a Number', 'Each digit 0–9')).toEqual(['10%', 'x9', '90%', '75.6%']);
  });

  test('shows the latest bets commitment and how to check one’s own bet', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Were bets added or changed after the result?' });
    expect(
      await within(section).findByRole('heading', { name: `Latest commitment, period ${periodId(6)}` }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open my bet history' })).toHaveAttribute('href', '/history');
  });

  test('shows its progress while walking, in a polite live region', async () => {
    renderLive('/fairness', {
      session: 'signed-out',
      routes: { 'GET /fairness': () => ok(INFO), 'GET /fairness/stats': () => pending() },
    });
    const progress = await screen.findByTestId('verify-progress');
    expect(within(progress).getByRole('status')).toHaveAttribute('aria-live', 'polite');
    // The walk starts once the page's chain is loaded and checked: on a slow machine that is more than waitFor's
    // default second.
    await waitFor(() => expect(within(progress).getByRole('status')).toHaveTextContent(/^Checking period \d+/), {
      timeout: 10_000,
    });
    await allVerified();
    expect(within(progress).getByRole('status')).toHaveTextContent('');
  });

  test('a failed load says so', async () => {
    open('/fairness', { info: null });
    expect(await screen.findByText('Failed to fetch fairness data')).toHaveAttribute('role', 'alert');
  });

  test('the landing page links to it', async () => {
    renderLive('/', { session: 'signed-out' });
    expect(await screen.findByRole('link', { name: 'Provably fair: verify any round' })).toHaveAttribute(
      'href',
      '/fairness',
    );
  });
});

describe('the fairness page in Hindi', () => {
  test('the title and the chain, beacon, bets, refunds, house and odds sections say their words in Hindi', async () => {
    setLanguage('hi-IN');
    open('/fairness', {
      info: fairnessInfo(PERIODS, {
        refunds: {
          periods: 5,
          byReason: { 'beacon-unavailable': 2, 'not-drawn': 1, missed: 2 },
          withBets: 3,
          stakes: 1250,
          known: 2,
          wouldHavePaid: 1800,
          wouldHaveKept: -550,
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'साबित की जा सकने वाली निष्पक्षता', level: 1 })).toBeInTheDocument();
    const bets = screen.getByRole('region', { name: 'क्या नतीजे के बाद दांव जोड़े या बदले गए?' });
    expect(within(bets).getByText('इससे क्या साबित होता है')).toBeInTheDocument();
    expect(within(bets).getByRole('link', { name: 'मेरा दांव इतिहास खोलें' })).toBeInTheDocument();
    const refunds = screen.getByRole('region', { name: 'क्या भुगतान से बचने के लिए राउंड कभी रद्द किए जाते हैं?' });
    await waitFor(() => expect(within(refunds).getByTestId('would-have-kept')).toHaveTextContent('-₹550.00'));
    const reasons = within(refunds).getByRole('table', { name: 'कारण के अनुसार रिफ़ंड हुए राउंड' });
    expect(within(reasons).getByRole('rowheader', { name: 'सार्वजनिक रैंडमनेस समय पर नहीं आई' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'हर चुनाव की संभावना और वापसी' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'क्या कोई, WinRound भी, दांव बंद होने से पहले नतीजा जान सकता था?' }),
    ).toHaveTextContent('सेकंड पहले दांव बंद हो जाते हैं');
    const chains = screen.getByRole('region', { name: 'क्या मेरे दांव लगाने से पहले ही नतीजे तय थे?' });
    expect(within(chains).getByRole('list', { name: 'प्रकाशित प्रतिबद्धताएं, सबसे नई पहले' })).toHaveTextContent(
      /अपने पहले राउंड से .+ पहले/,
    );
    const house = screen.getByRole('region', { name: 'क्या हाउस नतीजों को मोड़ता है?' });
    expect(await within(house).findByRole('heading', { name: /^पिछले .+ राउंड$/, level: 3 })).toBeInTheDocument();
  });

  test('the check of a period, its report and the verifier’s details in Hindi', async () => {
    setLanguage('hi-IN');
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'किसी राउंड की जांच करें', level: 2 })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'हाल के राउंड' });
    const id = PERIODS[0]!.periodId;
    await waitFor(() => expect(periodButton(id)).toHaveTextContent('जांच सही'));
    await user.click(periodButton(id));
    const checks = screen.getByRole('list', { name: `राउंड ${id} की जांच` });
    expect(within(checks).getByText('प्रकाशित प्रतिबद्धता से जुड़ा')).toBeInTheDocument();
    expect(checks).toHaveTextContent(/seed\[\d+\] को SHA-256 से एक बार हैश करने पर/);
    expect(checks).toHaveTextContent(/गिना गया \d \((लाल|हरा|बैंगनी), (बड़ा|छोटा)\), प्रकाशित \d/);
    expect(screen.getByText(`राउंड ${id}: जांच सही`, { exact: false })).toBeInTheDocument();
    expect(screen.getByText('स्थिति')).toBeInTheDocument();
  });
});
