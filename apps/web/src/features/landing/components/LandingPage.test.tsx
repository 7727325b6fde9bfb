import { screen, within } from '@testing-library/react';
import { renderWithStore } from '../../../test/render-app';
import { LandingPage } from './LandingPage';

describe('landing page', () => {
  test('shows the three games with the way in, never as unavailable, and no made-up player reviews', () => {
    renderWithStore(<LandingPage />);
    const region = screen.getByRole('region', { name: 'Games' });
    const games = within(region).getAllByRole('listitem');
    expect(games.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Color Clash',
      'Big or Small',
      'Pick a Number',
    ]);
    expect(screen.queryByText('Unavailable')).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Log in to play' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('region', { name: 'What players say' })).not.toBeInTheDocument();
    expect(screen.queryByText(/★/)).not.toBeInTheDocument();
  });

  test('offers a way to log in and to register', async () => {
    const { user } = renderWithStore(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  test('has the how-to-play list, the support links and the terms', () => {
    renderWithStore(<LandingPage />);
    expect(within(screen.getByRole('region', { name: 'How to play' })).getAllByRole('listitem').length).toBeGreaterThan(
      3,
    );
    const support = screen.getByRole('region', { name: 'Support' });
    expect(within(support).getByRole('link', { name: /support group/i })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    );
    expect(within(support).getByRole('link', { name: /^E-mail/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  test('shows the chance and the return after GST of each choice', () => {
    renderWithStore(<LandingPage />);
    const table = screen.getByRole('table', { name: 'Chance and return per choice' });
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('big')).toEqual(['50%', 'x2', '91%']);
    expect(row('violet')).toEqual(['20%', 'x2', '36.4%']);
    expect(row('any one digit')).toEqual(['10%', 'x9', '75.6%']);
  });

  test('prices stakes in rupees with two decimals', () => {
    renderWithStore(<LandingPage />);
    expect(screen.getByText('Stakes from ₹10.00 to ₹1,000.00.')).toBeInTheDocument();
  });
});
