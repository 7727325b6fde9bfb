import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER, renderApp } from '../test/render-app';

const mainNav = () => screen.queryByRole('navigation', { name: 'Main' });

describe('app frame', () => {
  test('a player on /game sees the header and the bottom nav with Games highlighted', async () => {
    renderApp('/game', { session: 'user' });
    await screen.findByRole('heading', { name: 'Games' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(mainNav()!).getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page');
  });

  test("the bottom nav is hidden on another player's profile and shown on one's own", async () => {
    const other = renderApp('/profile/u-other', { session: 'user' });
    await screen.findByRole('heading', { name: 'Player profile' });
    await waitFor(() => expect(other.store.getState().auth.isAuthenticated).toBe(true));
    expect(mainNav()).not.toBeInTheDocument();
    other.unmount();

    const own = renderApp(`/profile/${PLAYER._id}`, { session: 'user' });
    await waitFor(() => expect(own.store.getState().auth.isAuthenticated).toBe(true));
    expect(mainNav()).toBeInTheDocument();
  });

  test.each([
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/terms-and-conditions',
    '/fairness',
    `/profile/${PLAYER._id}`,
  ])('a signed-out visitor sees no player bottom nav on %s', async (path) => {
    const view = renderApp(path, { session: 'signed-out' });
    await waitFor(() => expect(view.store.getState().auth.isLoading).toBe(false));
    await screen.findByRole('main');
    expect(mainNav()).not.toBeInTheDocument();
  });

  test('the admin panel has no player bottom nav', async () => {
    renderApp('/admin/dashboard', { session: 'super-admin' });
    await screen.findByRole('heading', { name: 'Admin panel' });
    expect(mainNav()).not.toBeInTheDocument();
  });

  test('each screen names itself in the tab title', async () => {
    renderApp('/wallet', { session: 'user' });
    await screen.findByRole('heading', { name: 'Wallet' });
    expect(document.title).toBe('Wallet · WinRound');
  });
});
