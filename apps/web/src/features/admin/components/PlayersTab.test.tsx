import { screen, waitFor, within } from '@testing-library/react';
import type { AdminPlayer } from '@app/contracts';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const RAVI: AdminPlayer = {
  id: '0190c0de-0000-7000-8000-000000000001',
  username: 'ravi_k',
  email: 'ravi@gmail.com',
  status: 'active',
  createdAt: '2026-11-01T05:00:00.000Z',
  suspendedAt: null,
  suspensionReason: null,
  balance: 1250.5,
  bonusBalance: 50,
  playBreak: null,
};
const ASHA: AdminPlayer = {
  ...RAVI,
  id: '0190c0de-0000-7000-8000-000000000002',
  username: 'asha',
  email: 'asha@gmail.com',
  status: 'suspended',
  suspendedAt: '2026-11-20T05:00:00.000Z',
  suspensionReason: 'Chargeback',
};

const SUSPEND = `PUT /admin/players/${RAVI.id}/suspend`;

function playersServer(extra: Record<string, FakeRoute> = {}) {
  let players = [RAVI, ASHA];
  const list = (q: string, only: boolean) => () =>
    ok({ players: players.filter((p) => p.username.startsWith(q) && (!only || p.status === 'suspended')) });
  return {
    'GET /admin/admin-profile': () => fail(404),
    'GET /admin/security': () => fail(404),
    'GET /admin/players': list('', false),
    'GET /admin/players?q=rav': list('rav', false),
    'GET /admin/players?status=suspended': list('', true),
    [SUSPEND]: (call) => {
      const reason = (call.body as { reason: string }).reason;
      players = players.map((p) =>
        p.id === RAVI.id
          ? { ...p, status: 'suspended', suspendedAt: '2026-11-28T05:00:00.000Z', suspensionReason: reason }
          : p,
      );
      return ok({ player: players.find((p) => p.id === RAVI.id) }, 'Player suspended.');
    },
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

const openPlayers = async (routes: Record<string, FakeRoute>) => {
  const view = renderApp('/admin/dashboard', { session: 'super-admin', routes });
  await view.user.click(await screen.findByRole('tab', { name: 'Players' }));
  return view;
};

describe('the Players tab', () => {
  test('lists the newest players with status and balances; searches; lists only the suspended', async () => {
    const { user, fake } = await openPlayers(playersServer());
    const ravi = await screen.findByRole('listitem', { name: 'ravi_k' });
    expect(ravi).toHaveTextContent('Active');
    expect(ravi).toHaveTextContent('₹1,250.50');
    expect(within(ravi).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    const asha = screen.getByRole('listitem', { name: 'asha' });
    expect(asha).toHaveTextContent('Suspended');
    expect(asha).toHaveTextContent('Chargeback');
    expect(within(asha).getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Username, e-mail or player id' }), 'rav');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'asha' })).not.toBeInTheDocument());
    expect(fake.callsTo('GET /admin/players?q=rav')).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Username, e-mail or player id' }));
    await user.click(screen.getByRole('checkbox', { name: 'Suspended only' }));
    await screen.findByRole('listitem', { name: 'asha' });
    expect(screen.queryByRole('listitem', { name: 'ravi_k' })).not.toBeInTheDocument();
    expect(fake.callsTo('GET /admin/players?status=suspended')).toHaveLength(1);
  });

  test('suspends with a reason: says what it does first, asks for the reason, then shows the player suspended', async () => {
    const { user, fake } = await openPlayers(playersServer());
    const ravi = await screen.findByRole('listitem', { name: 'ravi_k' });
    await user.click(within(ravi).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend ravi_k?' });
    expect(dialog).toHaveTextContent('Every session ends at once');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    expect(fake.callsTo(SUSPEND)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Chargeback on UTR 412345678901 ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(SUSPEND)[0]!.body).toEqual({ reason: 'Chargeback on UTR 412345678901' });
    expect(await screen.findByText('Player suspended.')).toBeInTheDocument();
    const after = screen.getByRole('listitem', { name: 'ravi_k' });
    expect(after).toHaveTextContent('Suspended');
    expect(within(after).getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
  });

  test("the server's refusal shows in the dialog and nothing changes in the list", async () => {
    const { user } = await openPlayers(
      playersServer({
        [SUSPEND]: () => json(409, { success: false, statusCode: 409, message: 'This player is already suspended.' }),
      }),
    );
    await user.click(
      within(await screen.findByRole('listitem', { name: 'ravi_k' })).getByRole('button', { name: 'Suspend' }),
    );
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate account');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This player is already suspended.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listitem', { name: 'ravi_k' })).toHaveTextContent('Active');
  });
});

describe("a player's own break or self-exclusion", () => {
  test('shows read-only with its kind and end (IST); the card offers no way to lift or shorten it', async () => {
    const MEENA: AdminPlayer = {
      ...RAVI,
      id: '0190c0de-0000-7000-8000-000000000003',
      username: 'meena',
      email: 'meena@gmail.com',
      playBreak: {
        kind: 'exclusion',
        option: '6m',
        phase: 'exclusion',
        startedAt: '2026-11-29T08:34:30.000Z',
        endsAt: '2027-05-29T08:35:00.000Z',
        until: '2027-05-29T08:35:00.000Z',
      },
    };
    const ON_BREAK: AdminPlayer = {
      ...RAVI,
      id: '0190c0de-0000-7000-8000-000000000004',
      username: 'kiran',
      playBreak: {
        kind: 'break',
        option: '7d',
        phase: 'break',
        startedAt: '2026-11-29T08:34:30.000Z',
        endsAt: '2026-12-06T08:35:00.000Z',
        until: '2026-12-06T08:35:00.000Z',
      },
    };
    await openPlayers({ ...playersServer(), 'GET /admin/players': () => ok({ players: [MEENA, ON_BREAK, RAVI] }) });
    const meena = await screen.findByRole('listitem', { name: 'meena' });
    expect(within(meena).getByTestId('player-play-break')).toHaveTextContent(
      'Self-excluded6 months, until 29 May 2027, 14:05 IST',
    );
    expect(
      within(await screen.findByRole('listitem', { name: 'kiran' })).getByTestId('player-play-break'),
    ).toHaveTextContent('On a break7 days, until 6 Dec 2026, 14:05 IST');
    expect(within(screen.getByRole('listitem', { name: 'ravi_k' })).queryByTestId('player-play-break')).toBeNull();
    // The only action is the suspension's (beside the read-only player view); nothing names the break.
    expect(
      within(meena)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['View', 'Suspend']);
  });

  test("shows a player's own limits read-only, loaded when opened", async () => {
    const limits = [
      {
        kind: 'deposit24h',
        value: 2000,
        pending: { value: 5000, effectiveAt: '2026-11-30T08:35:00.000Z' },
        used: 1500,
        left: 500,
        resetsAt: '2026-11-29T10:00:00.000Z',
      },
      { kind: 'deposit7d', value: null, pending: null, used: null, left: null, resetsAt: null },
      { kind: 'deposit30d', value: null, pending: null, used: null, left: null, resetsAt: null },
      { kind: 'loss24h', value: null, pending: null, used: null, left: null, resetsAt: null },
      { kind: 'loss7d', value: null, pending: null, used: null, left: null, resetsAt: null },
      { kind: 'loss30d', value: null, pending: null, used: null, left: null, resetsAt: null },
      { kind: 'sessionMinutes', value: 90, pending: null, used: null, left: null, resetsAt: null },
    ];
    const { user, fake } = await openPlayers(
      playersServer({
        [`GET /admin/players/${RAVI.id}/limits`]: () =>
          ok({ playSafely: { limits, realityCheckMinutes: 30, limitsOffered: true, pausedUntil: null } }),
      }),
    );
    const ravi = await screen.findByRole('listitem', { name: 'ravi_k' });
    expect(fake.callsTo(`GET /admin/players/${RAVI.id}/limits`)).toHaveLength(0);
    await user.click(within(ravi).getByText('Limits'));
    const facts = await within(ravi).findByLabelText('Limits', { selector: 'dl' });
    expect(facts).toHaveTextContent(
      '24-hour deposit limit₹2,000.00 · ₹500.00 left · changes to ₹5,000.00 on 30 Nov 2026, 14:05 IST',
    );
    expect(facts).toHaveTextContent('session time limit90 min');
    expect(facts).toHaveTextContent('Reality check every30 min');
    expect(within(ravi).getByText('Set by the player; the console cannot change or lift them.')).toBeInTheDocument();
    expect(within(ravi).queryByRole('button', { name: /change|lift|remove/i })).toBeNull();
  });
});
