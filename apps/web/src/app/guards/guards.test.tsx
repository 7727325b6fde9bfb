import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';

const location = () => screen.getByTestId('location').textContent;
const spinner = () => screen.queryByRole('status', { name: 'Checking your session' });

describe('protected routes', () => {
  test('show a spinner while the session loads, and nothing of the page', () => {
    renderApp('/wallet', { session: 'loading' });
    expect(spinner()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Wallet' })).not.toBeInTheDocument();
  });

  test.each(['/game', '/history', '/wallet', '/profile', '/deposit', '/withdraw', '/admin/dashboard'])(
    'a signed-out visitor on %s is sent to /login',
    async (path) => {
      renderApp(path, { session: 'signed-out' });
      expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
      expect(location()).toBe('/login');
    },
  );

  test.each([
    ['/game', 'Games'],
    ['/history', 'Bet history'],
    ['/wallet', 'Wallet'],
    ['/profile', 'Profile'],
    ['/deposit', 'Deposit'],
    ['/withdraw', 'Withdraw'],
  ])('a signed-in user reaches %s', async (path, heading) => {
    renderApp(path, { session: 'user' });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(spinner()).not.toBeInTheDocument();
  });

  test.each(['/game', '/wallet', '/profile', '/withdraw'])(
    'a super-admin on %s is sent to /admin/dashboard',
    async (path) => {
      renderApp(path, { session: 'super-admin' });
      expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
      expect(location()).toBe('/admin/dashboard');
    },
  );

  test('the admin panel lets a super-admin in', async () => {
    renderApp('/admin/dashboard', { session: 'super-admin' });
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
  });

  test('the admin panel refuses a plain user and sends them to /game', async () => {
    renderApp('/admin/dashboard', { session: 'user' });
    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(location()).toBe('/game');
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
  });
});

describe('public-only routes', () => {
  test('show a spinner while the session loads', () => {
    renderApp('/login', { session: 'loading' });
    expect(spinner()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });

  test.each([
    ['/', 'Call the colour. Beat the clock.'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/forgot-password', 'Forgot password'],
    ['/terms-and-conditions', 'Terms and Conditions'],
  ])('a signed-out visitor sees %s', async (path, heading) => {
    renderApp(path, { session: 'signed-out' });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  test.each(['/', '/login', '/register', '/forgot-password'])(
    'a signed-in user on %s is sent to /game',
    async (path) => {
      renderApp(path, { session: 'user' });
      expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
      expect(location()).toBe('/game');
    },
  );

  test.each(['/', '/login', '/register'])('a signed-in super-admin on %s is sent to /admin/dashboard', async (path) => {
    renderApp(path, { session: 'super-admin' });
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(location()).toBe('/admin/dashboard');
  });
});

describe('open routes', () => {
  test.each([
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/help', 'Help'],
  ])('%s is open to a signed-in player too (the terms used to send them to /game)', async (path, heading) => {
    renderApp(path, { session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  test.each(['loading', 'signed-out', 'user', 'super-admin'] as const)(
    "another player's profile is open to a %s visitor, with no spinner",
    async (session) => {
      const { store } = renderApp('/profile/u-other', { session });
      expect(screen.getByRole('heading', { name: 'Player profile' })).toBeInTheDocument();
      expect(spinner()).not.toBeInTheDocument();
      // Let the session check finish; the page stays.
      await waitFor(() => expect(store.getState().auth.isLoading).toBe(session === 'loading'));
      expect(screen.getByRole('heading', { name: 'Player profile' })).toBeInTheDocument();
    },
  );

  test("an unknown path shows 'Page Not Found' with a link back to /", async () => {
    const { user } = renderApp('/no/such/page', { session: 'signed-out' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'Call the colour. Beat the clock.' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });
});
