import { screen, waitFor, within } from '@testing-library/react';
import type { Dispute } from '@app/contracts';
import { json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { bet } from '../../socket/testing/live-fixtures';
import { renderLive } from '../../../test/render-live';

const BET_ID = '0190c0de-0000-7000-8000-0000000000b1';
const LOST = bet({
  _id: BET_ID,
  periodId: '202611210542',
  betType: 'color',
  betValue: 'green',
  amount: 100,
  status: 'COMPLETED',
  isWin: false,
  winAmount: 0,
  systemSelectedValue: 'violet',
});
const OPENED: Dispute = {
  id: 'd-1',
  status: 'open',
  subjectType: 'bet',
  periodId: '202611210542',
  proofPath: `/api/v1/bet/${BET_ID}/proof`,
  message: 'I bet on green and I think 7 was drawn.',
  answer: null,
  answeredAt: null,
  closedAt: null,
  dueAt: new Date(Date.now() + 14 * 86_400_000 - 60_000).toISOString(),
  createdAt: new Date().toISOString(),
  bet: null,
  transaction: null,
};

describe('disputes', () => {
  test('a player opens a dispute from a bet in the history: the text is checked as the server checks it, the SLA is stated', async () => {
    const routes: Record<string, FakeRoute> = {
      'GET /bet': () => ok({ bets: [LOST] }),
      'POST /disputes': () =>
        json(201, { success: true, message: 'Dispute opened. We answer within 14 days.', data: { dispute: OPENED } }),
    };
    const { user, fake } = renderLive('/history', { routes });
    const card = (await screen.findAllByTestId('bet-card'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Open a dispute' });
    expect(dialog).toHaveTextContent(
      'Your bet in period 202611210542. Its round and fairness proof go with the dispute.',
    );
    expect(dialog).toHaveTextContent('We answer every dispute within 14 days.');
    const text = within(dialog).getByLabelText('What is wrong?');
    expect(text).toHaveFocus();
    await user.type(text, 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please describe the problem in at least 10 characters.',
    );
    expect(fake.callsTo('POST /disputes')).toHaveLength(0);

    await user.clear(text);
    await user.type(text, 'I bet on green and I think 7 was drawn.');
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsTo('POST /disputes')[0]!.body).toEqual({
      betId: BET_ID,
      message: 'I bet on green and I think 7 was drawn.',
    });
    expect(await screen.findByText('Dispute opened. We answer within 14 days.')).toBeInTheDocument();
  });

  test('the server’s refusal stays in the form', async () => {
    const routes: Record<string, FakeRoute> = {
      'GET /bet': () => ok({ bets: [LOST] }),
      'POST /disputes': () => json(409, { success: false, message: 'This already has a dispute that is not closed.' }),
    };
    const { user } = renderLive('/history', { routes });
    await user.click(within((await screen.findAllByTestId('bet-card'))[0]!).getByRole('button', { name: 'Dispute' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('What is wrong?'), 'I bet on green and I think 7 was drawn.');
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This already has a dispute that is not closed.',
    );
  });

  test('My disputes lists what the player wrote, our answer or when it is due, and closes one', async () => {
    const answered: Dispute = {
      ...OPENED,
      id: 'd-2',
      status: 'answered',
      answer: 'Period 202611210542 drew 5, violet.',
      answeredAt: new Date().toISOString(),
    };
    const routes: Record<string, FakeRoute> = {
      'GET /disputes': () => ok({ disputes: [OPENED, answered] }),
      'PUT /disputes/d-2/close': () =>
        ok({ dispute: { ...answered, status: 'closed', closedAt: new Date().toISOString() } }, 'Dispute closed.'),
    };
    const { user, fake } = renderApp('/disputes', { session: 'user', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'My disputes' })).toBeInTheDocument();
    expect(screen.getByText('We answer every dispute within 14 days.')).toBeInTheDocument();
    const [open, done] = await screen.findAllByRole('listitem', { name: 'Bet in period 202611210542' });
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveTextContent('Waiting for our answer · 14 days left');
    expect(done).toHaveTextContent('Our answer');
    expect(done).toHaveTextContent('Period 202611210542 drew 5, violet.');
    await user.click(within(done!).getByRole('button', { name: 'Close dispute' }));
    await waitFor(() => expect(within(done!).queryByRole('button', { name: 'Close dispute' })).not.toBeInTheDocument());
    expect(done).toHaveTextContent('Closed');
    expect(fake.callsTo('PUT /disputes/d-2/close')).toHaveLength(1);
  });

  test('is reached from the profile and the history', async () => {
    const { user } = renderApp('/history', {
      session: 'user',
      routes: { 'GET /bet': () => ok({ bets: [] }), 'GET /disputes': () => ok({ disputes: [] }) },
    });
    await user.click(await screen.findByRole('link', { name: 'My disputes' }));
    expect(await screen.findByText('You have no disputes.')).toBeInTheDocument();
  });
});
