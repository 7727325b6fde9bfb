import type { FairnessInfo, FairnessPeriod, GameResult } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import vectors from '../../../../../../libs/domain/src/fairness/fairness-vectors.json';
import { fail, ok } from '../../../test/fake-fetch';
import { renderLive } from '../../socket/testing/render-live';

const asResult = (v: (typeof vectors.periods)[number]): FairnessPeriod => ({
  periodId: v.periodId,
  status: 'SETTLED',
  chainIndex: v.k,
  digit: v.digit,
  color: v.color as GameResult['color'],
  bigSmall: v.bigSmall as GameResult['bigSmall'],
  seed: v.seed,
  seedHash: v.seedHash,
});
/** A period of the vectors as the server lists it when it was refunded after it was opened: its seed, no result. */
const asRefunded = (v: (typeof vectors.periods)[number]): FairnessPeriod => ({
  periodId: v.periodId,
  status: 'REFUNDED',
  chainIndex: v.k,
  seed: v.seed,
  seedHash: v.seedHash,
});

const recent = [...vectors.periods].reverse().map(asResult);
const INFO: FairnessInfo = { commitment: vectors.commitment, chainLength: 1_000_000, nextSeedHash: recent[0]!.seed!, recent };

function open(info: FairnessInfo | null = INFO, session: 'signed-out' | 'user' = 'signed-out', extra = {}) {
  return renderLive('/fairness', {
    session,
    routes: { 'GET /fairness': () => (info ? ok(info) : fail(500)), ...extra },
  });
}

const periodButton = (periodId: string) => screen.getByRole('button', { name: new RegExp(`^${periodId}`) });

describe('the public fairness page', () => {
  test('is open to a signed-out visitor and a signed-in player alike', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Provably fair', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/fairness');
  });

  test('shows the commitment, the chain length and that the next hash is the latest revealed seed', async () => {
    open(INFO, 'user');
    expect(await screen.findByTestId('commitment')).toHaveTextContent(vectors.commitment);
    expect(screen.getByText('10,00,000 periods')).toBeInTheDocument();
    expect(screen.getByText(/✔ follows from the revealed seeds/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/fairness');
  });

  test('explains the hash chain, the HMAC draw with rejection and the colour and big/small mapping', async () => {
    open();
    const how = await screen.findByRole('region', { name: 'How every result is fixed in advance' });
    expect(how).toHaveTextContent('seed[k−1] = SHA-256(seed[k])');
    expect(how).toHaveTextContent('HMAC-SHA256(key = seed, message = period id)');
    expect(how).toHaveTextContent('4,294,967,290');
    expect(how).toHaveTextContent('digit = number mod 10');
    expect(how).toHaveTextContent('Violet is 0 and 5, green is 1, 3, 7 and 9, red is 2, 4, 6 and 8');
  });

  test("shows each choice's chance and return, gross and after 18% GST", async () => {
    open();
    const table = await screen.findByRole('table', { name: /Chance, payout and return/ });
    const group = (game: string) => within(table).getByRole('rowheader', { name: game }).closest('tbody')!;
    const row = (game: string, choice: string) =>
      within(within(group(game)).getByRole('rowheader', { name: choice }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(row('Color Clash', 'Violet')).toEqual(['20%', 'x2', '40%', '36.4%']);
    expect(row('Color Clash', 'Red')).toEqual(['40%', 'x2', '80%', '72.8%']);
    expect(row('Color Clash', 'Green')).toEqual(['40%', 'x2', '80%', '72.8%']);
    expect(row('Big or Small', 'Big')).toEqual(['50%', 'x2', '100%', '91%']);
    expect(row('Big or Small', 'Small')).toEqual(['50%', 'x2', '100%', '91%']);
    expect(row('Pick a Number', 'Each digit 0–9')).toEqual(['10%', 'x9', '90%', '75.6%']);
  });

  test('every recent period verifies, and picking one shows ✔ for each check', async () => {
    const { user } = open();
    await screen.findByRole('list', { name: 'Recent periods' });
    for (const result of recent) expect(periodButton(result.periodId)).toHaveTextContent('✔');

    await user.click(periodButton('202611210003'));
    const checks = screen.getByRole('list', { name: 'Checks of period 202611210003' });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent!.slice(0, 1))).toEqual(['✔', '✔', '✔', '✔']);
    expect(within(checks).getByText('Hash link')).toBeInTheDocument();
    expect(within(checks).getByText('Digit')).toBeInTheDocument();
    expect(within(checks).getByText('Colour')).toBeInTheDocument();
    expect(within(checks).getByText('Big/Small')).toBeInTheDocument();
    expect(screen.getByText(vectors.periods[2]!.hmac)).toBeInTheDocument();
  });

  test('a period whose published result does not match its seed is marked ✘', async () => {
    const tampered = recent.map((r) => (r.periodId === '202611210004' ? { ...r, digit: 2, color: 'red' as const, bigSmall: 'small' as const } : r));
    const { user } = open({ ...INFO, recent: tampered });
    await screen.findByRole('list', { name: 'Recent periods' });
    expect(periodButton('202611210004')).toHaveTextContent('✘');
    expect(periodButton('202611210005')).toHaveTextContent('✔');
    await user.click(periodButton('202611210004'));
    const checks = within(screen.getByRole('list', { name: 'Checks of period 202611210004' })).getAllByRole('listitem');
    expect(checks.map((li) => li.textContent!.slice(0, 1))).toEqual(['✔', '✘', '✘', '✘']);
  });

  test('anyone can paste a seed, a period id and the expected hash and check them', async () => {
    const { user } = open();
    await screen.findByRole('list', { name: 'Recent periods' });
    const form = screen.getByRole('form', { name: 'Check your own numbers' });
    const v = vectors.periods[4]!;
    const verify = within(form).getByRole('button', { name: 'Verify these numbers' });
    expect(verify).toBeDisabled();
    await user.type(within(form).getByLabelText('Period id'), v.periodId);
    await user.type(within(form).getByLabelText(/Revealed seed/), v.seed);
    await user.type(within(form).getByLabelText(/Seed hash published/), v.seedHash);
    await user.click(verify);
    const checks = within(form).getByRole('list', { name: `Checks of period ${v.periodId}` });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent!.slice(0, 1))).toEqual(['✔', '✔', '✔', '✔']);

    await user.clear(within(form).getByLabelText(/Seed hash published/));
    await user.type(within(form).getByLabelText(/Seed hash published/), vectors.commitment);
    await user.click(verify);
    expect(within(within(form).getByRole('list', { name: `Checks of period ${v.periodId}` })).getAllByRole('listitem')[0]).toHaveTextContent(/^✘/);
  });

  test('an older period can be looked up and verified', async () => {
    const v = vectors.periods[0]!;
    const { user, fake } = open(INFO, 'signed-out', {
      [`GET /fairness/periods/${v.periodId}`]: () => ok({ period: { ...asResult(v), chainIndex: 1, status: 'SETTLED' } }),
    });
    const form = await screen.findByRole('form', { name: 'Look up an older period' });
    await user.type(within(form).getByLabelText('Period id'), v.periodId);
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    const checks = await within(form).findByRole('list', { name: `Checks of period ${v.periodId}` });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent!.slice(0, 1))).toEqual(['✔', '✔', '✔', '✔']);
    expect(fake.callsTo(`GET /fairness/periods/${v.periodId}`)).toHaveLength(1);
  });

  test('a period that is not drawn yet is looked up without a verdict', async () => {
    const { user } = open(INFO, 'signed-out', {
      'GET /fairness/periods/202611210999': () =>
        ok({ period: { periodId: '202611210999', seedHash: recent[0]!.seed, chainIndex: 7, status: 'OPEN' } }),
    });
    const form = await screen.findByRole('form', { name: 'Look up an older period' });
    await user.type(within(form).getByLabelText('Period id'), '202611210999');
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    expect(await within(form).findByText(/is not drawn yet/)).toHaveTextContent(`its committed hash is ${recent[0]!.seed!}`);
    expect(within(form).queryByRole('list')).toBeNull();
  });

  test('a period opened ahead, whose hash is not public yet, says when it will be', async () => {
    const { user } = open(INFO, 'signed-out', {
      'GET /fairness/periods/202611210998': () => ok({ period: { periodId: '202611210998', chainIndex: 8, status: 'OPEN' } }),
    });
    const form = await screen.findByRole('form', { name: 'Look up an older period' });
    await user.type(within(form).getByLabelText('Period id'), '202611210998');
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    expect(await within(form).findByText(/is not drawn yet/)).toHaveTextContent(
      'Period 202611210998 is not drawn yet; its committed hash is published once the period before it has been drawn.',
    );
    expect(within(form).queryByRole('list')).toBeNull();
  });

  test('a refunded period is looked up with its seed and its hash link; one never opened used no seed', async () => {
    const v = vectors.periods[2]!;
    const { user } = open(INFO, 'signed-out', {
      [`GET /fairness/periods/${v.periodId}`]: () => ok({ period: asRefunded(v) }),
      'GET /fairness/periods/202611210997': () => ok({ period: { periodId: '202611210997', chainIndex: null, status: 'REFUNDED' } }),
    });
    const form = await screen.findByRole('form', { name: 'Look up an older period' });
    await user.type(within(form).getByLabelText('Period id'), v.periodId);
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    expect(await within(form).findByText(/was refunded/)).toHaveTextContent(
      `Period ${v.periodId} was refunded: it could not be drawn in time and every stake went back. It used seed[${v.k}], published after it ended: ${v.seed}.`,
    );
    const checks = within(form).getByRole('list', { name: `Checks of period ${v.periodId}` });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent!.slice(0, 1))).toEqual(['✔']);

    await user.clear(within(form).getByLabelText('Period id'));
    await user.type(within(form).getByLabelText('Period id'), '202611210997');
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    expect(await within(form).findByText(/did not run/)).toHaveTextContent(
      'Period 202611210997 was refunded: the round engine did not run during it, so it used no seed.',
    );
    expect(within(form).queryByRole('list')).toBeNull();
  });

  test('a period drawn but refunded because it could not be settled in time is verified with its result', async () => {
    const v = vectors.periods[3]!;
    const { user } = open(INFO, 'signed-out', {
      [`GET /fairness/periods/${v.periodId}`]: () => ok({ period: { ...asResult(v), status: 'REFUNDED' } }),
    });
    const form = await screen.findByRole('form', { name: 'Look up an older period' });
    await user.type(within(form).getByLabelText('Period id'), v.periodId);
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    expect(await within(form).findByText(/was refunded/)).toHaveTextContent('it was drawn but could not be settled in time and every stake went back');
    const checks = within(form).getByRole('list', { name: `Checks of period ${v.periodId}` });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent!.slice(0, 1))).toEqual(['✔', '✔', '✔', '✔']);
  });

  test('a refunded period is listed with its seed, and the period after it still links to the chain', async () => {
    const withRefund = [...vectors.periods].reverse().map((v) => (v.periodId === '202611210003' ? asRefunded(v) : asResult(v)));
    const { user } = open({ ...INFO, recent: withRefund });
    await screen.findByRole('list', { name: 'Recent periods' });
    expect(periodButton('202611210003')).toHaveTextContent('Refunded');
    for (const period of withRefund) expect(periodButton(period.periodId)).toHaveTextContent('✔');
    await user.click(periodButton('202611210004'));
    const checks = screen.getByRole('list', { name: 'Checks of period 202611210004' });
    expect(within(checks).getByText(/equal to the previous period’s seed/)).toBeInTheDocument();
    await user.click(periodButton('202611210003'));
    expect(screen.getByText(/was refunded: it could not be drawn in time/)).toBeInTheDocument();
  });

  test('while the running period’s hash is not public yet, the page says when it will be', async () => {
    open({ ...INFO, nextSeedHash: '' });
    expect(await screen.findByText('Published once the period before it has been drawn.')).toBeInTheDocument();
    expect(screen.queryByText(/does not follow/)).toBeNull();
    expect(screen.queryByTestId('running-hash')).toBeNull();
  });

  test('states what the chain proves, what it does not, and how refunded periods use it', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'What the chain proves, and what it does not' });
    expect(section).toHaveTextContent('every result was fixed before any bet was seen');
    expect(section).toHaveTextContent('no result was changed afterwards');
    expect(section).toHaveTextContent('We, the operator, hold the seeds that are not revealed yet');
    expect(section).toHaveTextContent('It keeps its place in the chain, and its seed is published after it ends');
    expect(section).toHaveTextContent('recorded as refunded without a chain index and uses no seed');
    const how = screen.getByRole('region', { name: 'How every result is fixed in advance' });
    expect(how).toHaveTextContent('published only once that period has been drawn');
    expect(how).not.toHaveTextContent('no one could know a seed');
  });

  test('a period the server does not know says so', async () => {
    const { user } = open(INFO, 'signed-out', { 'GET /fairness/periods/202611219999': () => fail(404, 'Period not found.') });
    const form = await screen.findByRole('form', { name: 'Look up an older period' });
    await user.type(within(form).getByLabelText('Period id'), '202611219999');
    await user.click(within(form).getByRole('button', { name: 'Look up and verify' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Period not found.');
  });

  test('a failed load says so', async () => {
    open(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch fairness data');
  });

  test('the landing page links to it', async () => {
    renderLive('/', { session: 'signed-out' });
    expect(await screen.findByRole('link', { name: 'Provably fair: verify any round' })).toHaveAttribute('href', '/fairness');
  });
});
