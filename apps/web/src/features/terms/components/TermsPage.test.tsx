import { act, screen, within } from '@testing-library/react';
import { configLoaded } from '../../config/config.slice';
import { renderWithStore } from '../../../test/render-app';
import { TermsPage } from './TermsPage';

test('states every term of the spec and the licensing note', () => {
  renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
  const terms = within(screen.getAllByRole('list')[0]).getAllByRole('listitem').map((li) => li.textContent);
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
  expect(notice).toHaveTextContent(/Promotion and Regulation of Online Gaming Act, 2025 prohibits offering online money games in India/);
});

test("quotes the server's round length and GST rate", async () => {
  const { store } = renderWithStore(<TermsPage />, { path: '/terms-and-conditions' });
  act(() => {
    store.dispatch(configLoaded({ roundSeconds: 60, gstBps: 2000 }));
  });
  const terms = within(screen.getAllByRole('list')[0]).getAllByRole('listitem').map((li) => li.textContent);
  expect(terms[1]).toBe('Rounds last 60 seconds.');
  expect(terms[3]).toBe('20% GST on winnings, with net payouts.');
});
