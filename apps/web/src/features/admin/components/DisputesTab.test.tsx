import { screen, waitFor, within } from '@testing-library/react';
import type { AdminDispute } from '@app/contracts';
import { fail, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const DAY = 86_400_000;
const BET_DISPUTE: AdminDispute = {
  id: 'd-1',
  status: 'open',
  subjectType: 'bet',
  periodId: '202611210542',
  proofPath: '/api/v1/bet/b-1/proof',
  message: 'I bet on green and I think 7 was drawn.',
  answer: null,
  answeredAt: null,
  closedAt: null,
  dueAt: new Date(Date.now() - 2 * DAY - 60_000).toISOString(),
  createdAt: new Date(Date.now() - 16 * DAY).toISOString(),
  bet: {
    _id: 'b-1',
    periodId: '202611210542',
    betType: 'color',
    betValue: 'green',
    amount: 100,
    status: 'COMPLETED',
    isWin: false,
    winAmount: 0,
    result: { digit: 5, color: 'violet', bigSmall: 'big' },
    periodStatus: 'SETTLED',
  },
  transaction: null,
  player: { id: 'u-1', username: 'asha', email: 'asha@gmail.com' },
};
const TX_DISPUTE: AdminDispute = {
  ...BET_DISPUTE,
  id: 'd-2',
  subjectType: 'transaction',
  periodId: null,
  proofPath: null,
  message: 'My deposit is still pending after a day.',
  dueAt: new Date(Date.now() + 3 * DAY + 60_000).toISOString(),
  bet: null,
  transaction: {
    _id: 't-1',
    transactionId: 'DEP20261121000041',
    type: 'DEPOSIT',
    method: 'UPI',
    status: 'PENDING',
    amount: 500,
    createdAt: '2026-11-21T04:30:05.000Z',
    utrNumber: '123456789012',
    adminNotes: null,
    reviewedAt: null,
  },
  player: { id: 'u-2', username: 'ravi_k', email: 'ravi@gmail.com' },
};

function disputesServer(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /admin/admin-profile': () => fail(404),
    'GET /admin/security': () => fail(404),
    'GET /admin/disputes?status=open': () => ok({ disputes: [BET_DISPUTE, TX_DISPUTE] }),
    'GET /admin/disputes?status=answered': () => ok({ disputes: [] }),
    'PUT /admin/disputes/d-1/answer': (call) =>
      ok(
        { dispute: { ...BET_DISPUTE, status: 'answered', answer: (call.body as { answer: string }).answer } },
        'Answer sent to the player.',
      ),
    'PUT /admin/disputes/d-2/close': () => ok({ dispute: { ...TX_DISPUTE, status: 'closed' } }, 'Dispute closed.'),
    ...extra,
  };
}

async function openTab(routes: Record<string, FakeRoute>) {
  const view = renderApp('/admin/dashboard', { session: 'super-admin', routes });
  await view.user.click(await screen.findByRole('tab', { name: 'Disputes' }));
  return view;
}

describe('the Disputes tab', () => {
  test('lists open disputes with the evidence beside each and the days left or overdue', async () => {
    await openTab(disputesServer());
    const bet = await screen.findByRole('listitem', { name: 'asha 202611210542' });
    expect(bet).toHaveTextContent('Overdue by 2 days');
    expect(bet).toHaveTextContent('I bet on green and I think 7 was drawn.');
    expect(bet).toHaveTextContent('Bet in period 202611210542');
    expect(bet).toHaveTextContent('5 · violet · big');
    expect(within(bet).getByRole('link', { name: 'Verify the period' })).toHaveAttribute(
      'href',
      '/fairness?period=202611210542',
    );
    const tx = screen.getByRole('listitem', { name: 'ravi_k DEP20261121000041' });
    expect(tx).toHaveTextContent('4 days left');
    expect(tx).toHaveTextContent('Transaction DEP20261121000041');
    expect(tx).toHaveTextContent('UTR 123456789012');
    expect(tx).toHaveTextContent('Not reviewed yet');
  });

  test('answers a dispute (checked first), which leaves the open list; closes another', async () => {
    const { user, fake } = await openTab(disputesServer());
    const bet = await screen.findByRole('listitem', { name: 'asha 202611210542' });
    await user.click(within(bet).getByRole('button', { name: 'Send answer' }));
    expect(within(bet).getByRole('alert')).toHaveTextContent('Please write an answer.');
    expect(fake.callsTo('PUT /admin/disputes/d-1/answer')).toHaveLength(0);
    await user.type(within(bet).getByLabelText('Answer'), 'Period 202611210542 drew 5, violet.');
    await user.click(within(bet).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'asha 202611210542' })).not.toBeInTheDocument());
    expect(fake.callsTo('PUT /admin/disputes/d-1/answer')[0]!.body).toEqual({
      answer: 'Period 202611210542 drew 5, violet.',
    });
    expect(await screen.findByText('Answer sent to the player.')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('listitem', { name: 'ravi_k DEP20261121000041' })).getByRole('button', {
        name: 'Close dispute',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'ravi_k DEP20261121000041' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Answered' }));
    expect(await screen.findByText('No disputes here.')).toBeInTheDocument();
  });
});
