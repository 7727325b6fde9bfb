import { renderLive } from '../../test/render-live';
import { ok } from '../../test/fake-fetch';

const SUMMARY = 'GET /wallet/summary';
const walletRoutes = {
  [SUMMARY]: () =>
    ok({
      balance: 350,
      bonusBalance: 0,
      isActive: true,
      isEligibleForWithdrawal: false,
    }),
  'GET /wallet/transactions': () => ok({ transactions: [] }),
};

async function connectedLive() {
  const live = renderLive('/', { headless: true, routes: walletRoutes });
  await vi.waitFor(() => expect(live.sockets.sockets).toHaveLength(1));
  live.sockets.socket.accept();
  await vi.waitFor(() => expect(live.store.getState().socket.connected).toBe(true));
  return live;
}

const toasts = (live: Awaited<ReturnType<typeof connectedLive>>) =>
  live.store.getState().toasts.items.map(({ kind, message, links }) => ({ kind, message, links }));

describe('account notices on the live connection', () => {
  test('an approved deposit shows a toast with the amount in rupees and reloads the wallet', async () => {
    const live = await connectedLive();
    await vi.waitFor(() => expect(live.fake.callsTo(SUMMARY).length).toBeGreaterThan(0));
    const loadsBefore = live.fake.callsTo(SUMMARY).length;
    live.sockets.socket.push('notice', { kind: 'deposit-approved', amount: 1250.5, transactionId: 'DEP1' });
    await vi.waitFor(() => expect(live.fake.callsTo(SUMMARY).length).toBe(loadsBefore + 1));
    expect(toasts(live)).toEqual([
      {
        kind: 'success',
        message: 'Your deposit of ₹1,250.50 was approved and added to your balance.',
        links: undefined,
      },
    ]);
  });

  test("a rejection shows the reviewer's reason, with links to the transaction and to help", async () => {
    const live = await connectedLive();
    live.sockets.socket.push('notice', {
      kind: 'withdrawal-rejected',
      amount: 600,
      transactionId: 'WDR1',
      reason: 'The UPI ID does not belong to the account holder.',
    });
    await vi.waitFor(() => expect(toasts(live)).toHaveLength(1));
    expect(toasts(live)).toEqual([
      {
        kind: 'error',
        message:
          'Your withdrawal of ₹600.00 was not paid. The amount is back in your main balance. Reason: The UPI ID does not belong to the account holder.',
        links: [
          { to: '/wallet', label: 'View transaction' },
          { to: '/help', label: 'Get help' },
        ],
      },
    ]);
  });

  test('the same notice sent again (the outbox relay after its writer) is shown and reloaded once', async () => {
    const live = await connectedLive();
    await vi.waitFor(() => expect(live.fake.callsTo(SUMMARY).length).toBeGreaterThan(0));
    const loadsBefore = live.fake.callsTo(SUMMARY).length;
    const paid = { kind: 'withdrawal-paid' as const, amount: 1000, transactionId: 'WDR2' };
    live.sockets.socket.push('notice', paid);
    live.sockets.socket.push('notice', paid);
    await vi.waitFor(() => expect(live.fake.callsTo(SUMMARY).length).toBe(loadsBefore + 1));
    await new Promise((r) => setTimeout(r, 50));
    // Shown once and reloaded once (identical toasts would not stack anyway: the reload count tells).
    expect(live.fake.callsTo(SUMMARY).length).toBe(loadsBefore + 1);
    live.sockets.socket.push('notice', { kind: 'referral-bonus', amount: 50, transactionId: 'BON1' });
    await vi.waitFor(() => expect(toasts(live)).toHaveLength(2));
    expect(toasts(live).map((t) => t.message)).toEqual([
      'Your withdrawal of ₹1,000.00 has been paid.',
      'You earned a referral bonus of ₹50.00.',
    ]);
    await vi.waitFor(() => expect(live.fake.callsTo(SUMMARY).length).toBe(loadsBefore + 2));
  });

  test('a notice of an unknown kind is dropped', async () => {
    const live = await connectedLive();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    live.sockets.socket.push('notice', { kind: 'jackpot', amount: 1, transactionId: 'X' } as never);
    await new Promise((r) => setTimeout(r, 30));
    expect(toasts(live)).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
