import { act, screen, within } from '@testing-library/react';
import { configLoaded } from '../../config/config.slice';
import { renderWithStore } from '../../../test/render-app';
import { TermsPage } from './TermsPage';

test('states every term of the spec and the licensing note', () => {
  renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
  const terms = within(screen.getAllByRole('list')[0])
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(terms).toEqual([
    '18+ only.',
    'Rounds last 30 seconds.',
    'No change or cancel after a bet.',
    '18% GST on winnings, with net payouts.',
    'No refunds for confirmed bets. Unsettled bets after technical errors may be reversed at discretion.',
    'Cheating means a permanent ban.',
    'Deposits and withdrawals may need verification.',
    'Suspicious activity can freeze the account.',
  ]);
  const notice = screen.getByRole('region', { name: 'Legal notice' });
  expect(notice).toHaveTextContent(/operator holds the licences/);
  expect(notice).toHaveTextContent(
    /Promotion and Regulation of Online Gaming Act, 2025 prohibits offering online money games in India/,
  );
});

test('says who a deposit is credited to, and what happens when two players claim one UTR', () => {
  renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  const deposits = screen.getByRole('region', { name: 'Deposits' });
  const rules = within(deposits)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(rules[0]).toBe('A deposit is credited to the player who made the payment.');
  expect(rules.join(' ')).toMatch(/If someone else has already claimed your UTR, submit it anyway/);
  expect(rules.join(' ')).toMatch(/Claiming another person's payment is cheating\./);
});

test("quotes the server's round length and GST rate", async () => {
  const { store } = renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  act(() => {
    store.dispatch(configLoaded({ roundSeconds: 60, gstBps: 2000 }));
  });
  const terms = within(screen.getAllByRole('list')[0])
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(terms[1]).toBe('Rounds last 60 seconds.');
  expect(terms[3]).toBe('20% GST on winnings, with net payouts.');
});

test('states what must be played before money leaves, with the configured values', async () => {
  const { store } = renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  const section = screen.getByRole('region', { name: 'Bonus and withdrawals' });
  const rules = () =>
    within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
  expect(rules()).toEqual([
    'Deposits are for playing: to withdraw, your settled bets since your last withdrawal must add up to the money you deposited since then.',
    'Bonus money (and what bets paid from it win) is for playing: it becomes withdrawable once your settled bets reach 5× the bonus. Unplayed, it goes back after 30 days.',
    'A referral bonus is credited when the friend you invited has played through their first deposit, and not if they withdraw it first.',
    'One bet per game per round: you cannot bet on both sides of a game.',
    'A suspended account keeps its balance but cannot bet, deposit or withdraw until support reinstates it.',
  ]);
  act(() => {
    store.dispatch(
      configLoaded({ playThrough: { bonusWageringMultiplier: 3, bonusExpiryDays: 14, withdrawalTurnoverPercent: 50 } }),
    );
  });
  expect(rules()[0]).toBe(
    'Deposits are for playing: to withdraw, your settled bets since your last withdrawal must add up to 50% of the money you deposited since then.',
  );
  expect(rules()[1]).toMatch(/reach 3× the bonus\. Unplayed, it goes back after 14 days\.$/);
});

test('states how long a dispute may wait for its answer', () => {
  renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  expect(screen.getByRole('region', { name: 'Disputes' })).toHaveTextContent('We answer every dispute within 14 days.');
});

test('points to Play safely for limits, and states breaks and self-exclusion in a line', () => {
  renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  const playSafely = screen.getAllByRole('link', { name: 'Play safely' });
  expect(playSafely).toHaveLength(2);
  for (const link of playSafely) expect(link).toHaveAttribute('href', '/play-safely');
  expect(screen.getByText(/reality checks are on the/)).toHaveTextContent(
    'Deposit, loss and session time limits and reality checks are on the Play safely page.',
  );
  expect(screen.getByText(/^You can take a break/)).toHaveTextContent(
    'You can take a break (24 hours, 7 days, 30 days or 6 weeks) or exclude yourself (6 months, 1 year or 5 years) from the Play safely page. Neither can be shortened or undone: while it lasts you cannot log in, bet or deposit, but you can always withdraw your main balance.',
  );
});
