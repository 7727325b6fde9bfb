import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';

describe('help, one tap away', () => {
  test('the header of a signed-in screen has Help, which opens the rules, payouts, terms, fairness and support', async () => {
    const { user } = renderApp('/wallet', { session: 'user' });
    await user.click(await screen.findByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/help');
    // No Help link to the page itself.
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();

    const play = screen.getByRole('region', { name: 'How to play' });
    expect(play).toHaveTextContent('Betting closes when 5 seconds are left');
    expect(play).toHaveTextContent('₹10 to ₹1,000');

    const payouts = screen.getByRole('region', { name: 'Payouts and GST' });
    expect(payouts).toHaveTextContent(
      '18% GST is taken on winnings above the stake: ₹100 on a digit wins ₹900.00, less ₹144.00 GST, so ₹756.00 is credited.',
    );
    const violet = within(payouts).getByRole('row', { name: /^Violet/ });
    expect(
      within(violet)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1 in 5', '×2', '₹182.00', '36.4%']);

    expect(screen.getByRole('link', { name: 'Read the terms' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'How results are drawn, and a check of any round' })).toHaveAttribute(
      'href',
      '/fairness',
    );
    expect(screen.getByRole('link', { name: 'My disputes' })).toHaveAttribute('href', '/disputes');
    expect(screen.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  test('a signed-out visitor reads the same help, without the disputes link', async () => {
    renderApp('/help', { session: 'signed-out' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My disputes' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Telegram support group' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
