import { screen, waitFor, within } from '@testing-library/react';
import type { Statement } from '@app/contracts';
import { vi } from 'vitest';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const PAGE_1: Statement = {
  from: '2026-11-01',
  to: '2026-11-30',
  timeZone: 'Asia/Kolkata',
  opening: { main: 0, bonus: 0 },
  closing: { main: 123456.78, bonus: 50 },
  totals: { in: { main: 123556.78, bonus: 100 }, out: { main: -100, bonus: -50 } },
  lines: [
    {
      entry: 41,
      at: '2026-11-21T04:30:05.000Z',
      kind: 'deposit',
      periodId: null,
      reference: 'DEP20261121000041',
      main: 123556.78,
      bonus: 0,
      balance: { main: 123556.78, bonus: 0 },
    },
    {
      entry: 42,
      at: '2026-11-21T04:31:00.000Z',
      kind: 'bonus-granted',
      periodId: null,
      reference: 'BON20261121000001',
      main: 0,
      bonus: 100,
      balance: { main: 123556.78, bonus: 100 },
    },
  ],
  nextAfter: 42,
};
const PAGE_2: Statement = {
  ...PAGE_1,
  lines: [
    {
      entry: 57,
      at: '2026-11-21T04:35:10.000Z',
      kind: 'stake',
      periodId: '202611210542',
      reference: null,
      main: -100,
      bonus: -50,
      balance: { main: 123456.78, bonus: 50 },
    },
  ],
  nextAfter: null,
};
const RANGE = 'from=2026-11-01&to=2026-11-30';

function statementServer(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /wallet/summary': () =>
      ok({
        summary: {
          balance: 123456.78,
          bonusBalance: 50,
          isActive: true,
          isEligibleForWithdrawal: true,
          playThroughLeft: 0,
          bonusWagering: null,
        },
      }),
    'GET /wallet/transactions': () => ok({ transactions: [] }),
    [`GET /wallet/statement?${RANGE}&after=0`]: () => ok({ statement: PAGE_1 }),
    [`GET /wallet/statement?${RANGE}&after=42`]: () => ok({ statement: PAGE_2 }),
    ...extra,
  };
}

async function chooseRange(user: ReturnType<typeof renderApp>['user']) {
  const from = await screen.findByLabelText('From');
  const to = screen.getByLabelText('To');
  await user.clear(to);
  await user.type(to, '2026-11-30');
  await user.clear(from);
  await user.type(from, '2026-11-01');
}

describe('the statement screen', () => {
  test('is reached from the wallet, and shows the printable statement with en-IN amounts, India times, the balances and more lines', async () => {
    const { user, fake } = renderApp('/wallet', { session: 'user', routes: statementServer() });
    await user.click(await screen.findByRole('link', { name: 'Statement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement' })).toBeInTheDocument();
    await chooseRange(user);
    await user.click(screen.getByRole('button', { name: 'Printable statement' }));
    const printable = await screen.findByRole('region', { name: 'Account statement 2026-11-01 to 2026-11-30' });
    expect(printable).toHaveTextContent('Closing balance');
    expect(printable).toHaveTextContent('Main ₹1,23,456.78 · Bonus ₹50.00');
    const rows = within(printable).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('21 Nov 2026, 10:00:05');
    expect(rows[1]).toHaveTextContent('Deposit');
    expect(rows[1]).toHaveTextContent('DEP20261121000041');
    expect(rows[1]).toHaveTextContent('+₹1,23,556.78');

    await user.click(within(printable).getByRole('button', { name: 'Show more lines' }));
    await waitFor(() => expect(within(printable).getAllByRole('row')).toHaveLength(4));
    const stake = within(printable).getAllByRole('row')[3]!;
    expect(stake).toHaveTextContent('Stake');
    expect(stake).toHaveTextContent('202611210542');
    expect(stake).toHaveTextContent('-₹100.00');
    expect(within(printable).queryByRole('button', { name: 'Show more lines' })).not.toBeInTheDocument();
    expect(fake.callsTo(`GET /wallet/statement?${RANGE}&after=42`)).toHaveLength(1);

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(within(printable).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  test('downloads the CSV of the range', async () => {
    const csv = 'Date (IST),Entry,Type\r\n';
    const { user, fake } = renderApp('/wallet/statement', {
      session: 'user',
      routes: statementServer({
        [`GET /wallet/statement?${RANGE}&format=csv`]: () =>
          new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }),
      }),
    });
    const created = vi.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await chooseRange(user);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fake.callsTo(`GET /wallet/statement?${RANGE}&format=csv`)).toHaveLength(1);
    expect(created).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
  });

  test('checks the dates before asking, and shows the server’s refusal', async () => {
    const { user, fake } = renderApp('/wallet/statement', {
      session: 'user',
      routes: statementServer({
        [`GET /wallet/statement?${RANGE}&format=csv`]: () =>
          json(400, { success: false, message: 'A statement covers at most 366 days.' }),
      }),
    });
    const from = await screen.findByLabelText('From');
    await user.clear(from);
    await user.type(from, '2030-01-01');
    await user.click(screen.getByRole('button', { name: 'Printable statement' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    expect(fake.calls.filter((c) => c.path.startsWith('/wallet/statement'))).toHaveLength(0);

    await chooseRange(user);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('A statement covers at most 366 days.')).toBeInTheDocument();
  });

  test('says when loading fails', async () => {
    const { user } = renderApp('/wallet/statement', {
      session: 'user',
      routes: statementServer({ [`GET /wallet/statement?${RANGE}&after=0`]: () => fail(500) }),
    });
    await chooseRange(user);
    await user.click(screen.getByRole('button', { name: 'Printable statement' }));
    expect(await screen.findByText('Failed to load the statement.')).toBeInTheDocument();
  });
});
