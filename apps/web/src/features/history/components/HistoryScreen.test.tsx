import { EMPTY_STATES } from '@app/domain';
import { act, screen, within } from '@testing-library/react';
import { fail, ok, pending } from '../../../test/fake-fetch';
import { bet } from '../../socket/testing/live-fixtures';
import { renderLive } from '../../../test/render-live';

const BETS = 'GET /bet';

const cards = () => screen.queryAllByTestId('bet-card');

describe('Bet history', () => {
  test('shows a spinner while loading', async () => {
    renderLive('/history', { routes: { [BETS]: () => pending() } });
    expect(await screen.findByRole('heading', { name: 'Bet history' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading your bets' })).toBeInTheDocument();
  });

  test('lists the bets newest first with everything a player needs', async () => {
    const won = bet({
      _id: 'w',
      periodId: '202611210541',
      betType: 'number',
      betValue: '7',
      amount: 10,
      status: 'COMPLETED',
      isWin: true,
      winAmount: 75.6,
      systemSelectedValue: '7',
      playedFrom: 'system',
      createdAt: '2026-11-21T04:30:05.000Z',
    });
    const lost = bet({
      _id: 'l',
      periodId: '202611210540',
      betType: 'color',
      betValue: 'red',
      amount: 100,
      status: 'COMPLETED',
      isWin: false,
      winAmount: 0,
      systemSelectedValue: 'green',
      playedFrom: 'web',
    });
    const open = bet({ _id: 'p', periodId: '202611210542', betType: 'bigSmall', betValue: 'big', amount: 50 });
    renderLive('/history', { routes: { [BETS]: () => ok({ bets: [open, won, lost] }) } });

    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    const [first, second, third] = cards();
    expect(first).toHaveTextContent('202611210542');
    expect(first).toHaveTextContent('Big or Small');
    expect(first).toHaveTextContent('Big');
    expect(first).toHaveTextContent('PENDING');
    expect(first).not.toHaveTextContent(/WIN|LOSS/);

    expect(second).toHaveTextContent('Pick a Number');
    expect(second).toHaveTextContent('₹10.00');
    expect(second).toHaveTextContent('WIN +₹75.60');
    expect(second).toHaveTextContent('COMPLETED');
    expect(within(second!).getByText('Drawn').nextElementSibling).toHaveTextContent('7');
    expect(within(second!).getByText('system')).toHaveClass('bet-card__from--system');
    // India time (04:30 UTC), as the wallet shows it, whatever the device's zone.
    expect(within(second!).getByText('21 Nov 2026, 10:00 am', { exact: false })).toBeInTheDocument();

    expect(third).toHaveTextContent('Color Clash');
    expect(third).toHaveTextContent('LOSS −₹100.00');
    expect(third).not.toHaveTextContent('₹0.00');
    expect(within(third!).getByText('Drawn').nextElementSibling).toHaveTextContent('Green');
    expect(within(third!).getByText('web')).toHaveClass('bet-card__from--other');
  });

  test('says so when there are no bets', async () => {
    renderLive('/history', { routes: { [BETS]: () => ok({ bets: [] }) } });
    expect(await screen.findByText(EMPTY_STATES.betHistory)).toBeInTheDocument();
    expect(EMPTY_STATES.betHistory).toBe('No betting history available');
  });

  test("shows the server's message in red, or 'Failed to fetch bets'", async () => {
    const first = renderLive('/history', { routes: { [BETS]: () => fail(500) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch bets');
    expect(screen.getByRole('alert')).toHaveClass('history__error');
    first.view!.unmount();

    renderLive('/history', { routes: { [BETS]: () => fail(503, 'Bets are unavailable right now') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bets are unavailable right now');
  });

  test('live bet updates settle a listed bet and add new ones at the front', async () => {
    const open = bet({ _id: 'p', betType: 'color', betValue: 'violet', amount: 10 });
    const live = renderLive('/history', { routes: { [BETS]: () => ok({ bets: [open] }) } });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    await vi.waitFor(() => expect(live.sockets.sockets).toHaveLength(1));
    const socket = live.sockets.socket;
    socket.accept();
    act(() => {
      socket.push('bet-update', {
        ...open,
        status: 'COMPLETED',
        isWin: true,
        winAmount: 18.2,
        systemSelectedValue: 'violet',
        updatedAt: '2026-11-21T04:30:31.000Z',
      });
      socket.push(
        'bet-update',
        bet({
          _id: 'n',
          betType: 'number',
          betValue: '3',
          amount: 500,
          createdAt: '2026-11-21T04:30:40.000Z',
          updatedAt: '2026-11-21T04:30:40.000Z',
        }),
      );
    });
    const [fresh, settled] = cards();
    expect(fresh).toHaveTextContent('₹500.00');
    expect(fresh).toHaveTextContent('PENDING');
    expect(settled).toHaveTextContent('WIN +₹18.20');
    expect(settled).toHaveTextContent('COMPLETED');
  });

  test('a settled or refunded bet can be verified on the fairness page; a pending one cannot yet', async () => {
    const settled = bet({
      _id: 'c0ffee00-0000-4000-8000-000000000001',
      periodId: '202611210541',
      status: 'COMPLETED',
      isWin: false,
      systemSelectedValue: 'green',
    });
    const refunded = bet({ _id: 'c0ffee00-0000-4000-8000-000000000002', periodId: '202611210540', status: 'REFUNDED' });
    const waiting = bet({ _id: 'c0ffee00-0000-4000-8000-000000000003', periodId: '202611210542' });
    const { user } = renderLive('/history', {
      routes: {
        [BETS]: () => ok({ bets: [waiting, settled, refunded] }),
        'GET /fairness': () => pending(),
        'GET /fairness/stats': () => pending(),
      },
    });
    await vi.waitFor(() => expect(cards()).toHaveLength(3));
    const [pendingCard, settledCard, refundedCard] = cards();
    expect(within(pendingCard!).queryByRole('link', { name: /^Verify/ })).toBeNull();
    const verify = within(settledCard!).getByRole('link', {
      name: 'Verify the draw of period 202611210541 and that this bet is in it',
    });
    expect(verify).toHaveAttribute('href', '/fairness?period=202611210541&bet=c0ffee00-0000-4000-8000-000000000001');
    expect(within(refundedCard!).getByRole('link', { name: /^Verify/ })).toHaveAttribute(
      'href',
      '/fairness?period=202611210540&bet=c0ffee00-0000-4000-8000-000000000002',
    );

    await user.click(verify);
    expect(await screen.findByRole('heading', { name: 'Provably fair', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/fairness');
  });
});
