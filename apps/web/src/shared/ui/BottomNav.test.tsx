import { fireEvent, screen } from '@testing-library/react';
import { renderWithStore } from '../../test/render-app';
import { BottomNav } from './BottomNav';
import { clearTapShield, shieldTaps } from './tap-shield';

const nav = () => screen.queryByRole('navigation', { name: 'Main' });
const link = (name: string) => screen.getByRole('link', { name });

describe('bottom nav', () => {
  test('has Games, History, Wallet and Profile, in that order', () => {
    renderWithStore(<BottomNav ownUserId="me" />, { path: '/wallet' });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Games', 'History', 'Wallet', 'Profile']);
  });

  test('highlights Games on /game, while the Games link points to /', () => {
    renderWithStore(<BottomNav ownUserId="me" />, { path: '/game' });
    expect(link('Games')).toHaveAttribute('aria-current', 'page');
    expect(link('Games')).toHaveAttribute('href', '/');
    for (const other of ['History', 'Wallet', 'Profile']) expect(link(other)).not.toHaveAttribute('aria-current');
  });

  test.each([
    ['/history', 'History'],
    ['/wallet', 'Wallet'],
    ['/profile', 'Profile'],
  ])('highlights the item of %s', (path, name) => {
    renderWithStore(<BottomNav ownUserId="me" />, { path });
    expect(link(name)).toHaveAttribute('aria-current', 'page');
    expect(link('Games')).not.toHaveAttribute('aria-current');
  });

  test('the second tap of a double tap on Confirm Bet (a shield for a moment) does not navigate; a tap after it does', async () => {
    renderWithStore(<BottomNav ownUserId="me" />, { path: '/game' });
    shieldTaps();
    // The second click of a series (a double tap), within the shield: ignored.
    fireEvent.click(link('Wallet'), { detail: 2 });
    expect(screen.getByTestId('location')).toHaveTextContent('/game');
    // A single tap, even within the shield, is the player's own.
    fireEvent.click(link('History'), { detail: 1 });
    expect(screen.getByTestId('location')).toHaveTextContent('/history');
    clearTapShield();
    fireEvent.click(link('Wallet'), { detail: 2 });
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet');
  });

  test('tapping Games goes to /', async () => {
    const { user } = renderWithStore(<BottomNav ownUserId="me" />, { path: '/wallet' });
    await user.click(link('Games'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test("is hidden on another player's profile", () => {
    renderWithStore(<BottomNav ownUserId="me" />, { path: '/profile/someone-else' });
    expect(nav()).not.toBeInTheDocument();
  });

  test('is hidden on a public profile for a signed-out visitor', () => {
    renderWithStore(<BottomNav ownUserId={null} />, { path: '/profile/someone' });
    expect(nav()).not.toBeInTheDocument();
  });

  test("stays on the player's own profile, even when opened by its public link", () => {
    renderWithStore(<BottomNav ownUserId="me" />, { path: '/profile/me' });
    expect(nav()).toBeInTheDocument();
  });
});
