import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@app/contracts';
import { fail, ok, type FakeRoute } from '../../../test/fake-fetch';
import { PLAYER, renderApp } from '../../../test/render-app';
import { shortPlayerId } from './ProfileView';
import { initialProfileState } from '../profile.slice';

const OWN: Profile = {
  _id: PLAYER._id,
  email: PLAYER.email,
  name: 'Asha',
  firstLetter: 'A',
  referralCode: 'ASHA2026',
  joinDate: '2026-01-15T10:00:00.000Z',
  lastLogin: '2026-11-21T09:30:00.000Z',
  totalGames: 42,
  totalWinnings: 1820.5,
  totalDeposits: 5000,
  totalWithdrawals: 1500,
  totalLoses: 730,
};

const OTHER: Profile = {
  _id: 'u-other',
  email: 'ra****@gmail.com',
  name: 'rahul',
  firstLetter: 'R',
  joinDate: '2026-03-02T08:00:00.000Z',
  totalGames: 7,
  totalWinnings: 90,
  totalDeposits: 100,
};

/** Lets the clipboard promise and the state update after it land (no timers involved). */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
}

const location = () => screen.getByTestId('location').textContent;
const mainNav = () => screen.queryByRole('navigation', { name: 'Main' });
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** A signed-in player whose session ends on logout (the refresh cookie is cleared). */
function playerServer(extra: Record<string, FakeRoute> = {}) {
  let signedIn = true;
  return {
    'GET /auth/refresh-token': () =>
      signedIn
        ? ok({ user: { ...PLAYER, role: 'user' }, accessToken: 'token-user' })
        : fail(401, 'Refresh token missing'),
    'GET /auth/logout': () => {
      signedIn = false;
      return ok({}, 'Logged out successfully.');
    },
    'GET /user/profile': () => ok({ user: OWN }),
    'GET /user/profile/u-other': () => ok({ user: OTHER }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

describe('own profile (/profile)', () => {
  test('shows avatar initial, name, id, e-mail, joined date, last login, Wallet, referral code, Logout and all stats', async () => {
    renderApp('/profile', { session: 'user', routes: playerServer() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Player' });
    expect(within(card).getByText('A')).toBeInTheDocument();
    expect(within(card).getByText('asha@gmail.com')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy user ID' })).toHaveTextContent(shortPlayerId(PLAYER._id));
    expect(within(card).getByText('15 Jan 2026')).toBeInTheDocument();
    expect(within(card).getByText('Last login')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('button', { name: 'Copy referral code' })).toHaveTextContent('ASHA2026');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Profile' })).toBeInTheDocument();
    expect(tile('Games played')).toBe('42');
    expect(tile('Total winnings')).toBe('₹1,820.50');
    expect(tile('Total deposits')).toBe('₹5,000.00');
    expect(tile('Total withdrawals')).toBe('₹1,500.00');
    expect(tile('Total losses')).toBe('₹730.00');
    expect(mainNav()).toBeInTheDocument();
  });

  test("/profile/{own id} is the signed-in player's own full view, with the bottom nav", async () => {
    renderApp(`/profile/${PLAYER._id}`, { session: 'user', routes: playerServer() });
    expect(await screen.findByRole('button', { name: 'Copy referral code' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(mainNav()).toBeInTheDocument();
  });

  test("a failed load shows the server's message, else 'Failed to fetch user profile', and Try again reloads", async () => {
    let answer = () => fail(500);
    const { user } = renderApp('/profile', {
      session: 'user',
      routes: playerServer({ 'GET /user/profile': () => answer() }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user profile');
    answer = () => ok({ user: OWN });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha' })).toBeInTheDocument();
  });
});

describe("another player's public profile (/profile/{id})", () => {
  test.each(['user', 'signed-out'] as const)(
    'a %s visitor sees the reduced view: no last login, deposits, losses, withdrawals, Wallet, referral code, Logout or bottom nav',
    async (session) => {
      renderApp('/profile/u-other', { session, routes: playerServer() });
      expect(await screen.findByRole('heading', { level: 2, name: 'rahul' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Player profile' })).toBeInTheDocument();
      expect(screen.getByText('ra****@gmail.com')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy user ID' })).toHaveTextContent(shortPlayerId('u-other'));
      expect(screen.getByText('2 Mar 2026')).toBeInTheDocument();
      expect(tile('Games played')).toBe('7');
      expect(tile('Total winnings')).toBe('₹90.00');
      // What a player paid in is theirs to know (even from a server that still sends it).
      for (const hidden of ['Last login', 'Total deposits', 'Total losses', 'Total withdrawals']) {
        expect(screen.queryByText(hidden)).not.toBeInTheDocument();
      }
      expect(screen.queryByRole('link', { name: 'Wallet' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Copy referral code' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit name' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Share Profile' })).toBeInTheDocument();
      expect(mainNav()).not.toBeInTheDocument();
    },
  );

  test('the sign-out clean-up of a visitor landing while the profile loads does not leave it loading', async () => {
    let releaseRefresh: (r: Response) => void = () => undefined;
    let releaseProfile: (r: Response) => void = () => undefined;
    const { fake } = renderApp('/profile/u-other', {
      routes: playerServer({
        'GET /auth/refresh-token': () => new Promise<Response>((resolve) => (releaseRefresh = resolve)),
        'GET /user/profile/u-other': (_call, nth) =>
          nth === 0 ? new Promise<Response>((resolve) => (releaseProfile = resolve)) : ok({ user: OTHER }),
      }),
    });
    await waitFor(() => expect(fake.callsTo('GET /user/profile/u-other')).toHaveLength(1));
    releaseRefresh(fail(401, 'Refresh token missing'));
    await waitFor(() => expect(fake.callsTo('GET /user/profile/u-other')).toHaveLength(2));
    releaseProfile(ok({ user: OTHER }));
    expect(await screen.findByRole('heading', { level: 2, name: 'rahul' })).toBeInTheDocument();
  });

  test("an unknown player: the server's message", async () => {
    renderApp('/profile/u-nobody', {
      session: 'signed-out',
      routes: playerServer({ 'GET /user/profile/u-nobody': () => fail(404, 'User not found.') }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Player profile' })).toBeInTheDocument();
  });
});

describe('copy and share', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'share');
  });

  test("tapping the id copies it and shows 'Copied!' for 2 seconds", async () => {
    renderApp('/profile', { session: 'user', routes: playerServer() });
    const copyId = await screen.findByRole('button', { name: 'Copy user ID' });
    // A short form is shown (no raw UUID on screen); the whole id is copied.
    expect(copyId).toHaveTextContent(shortPlayerId(PLAYER._id));
    expect(copyId).not.toHaveTextContent(PLAYER._id);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(copyId);
    await settle();
    expect(within(copyId).getByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(PLAYER._id);
    act(() => vi.advanceTimersByTime(1_999));
    expect(within(copyId).getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(copyId).queryByText('Copied!')).not.toBeInTheDocument();
  });

  test("the referral code copies the same way, 'Copied!' for 2 seconds, on its own", async () => {
    renderApp('/profile', { session: 'user', routes: playerServer() });
    const copyCode = await screen.findByRole('button', { name: 'Copy referral code' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(copyCode);
    await settle();
    expect(within(copyCode).getByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('ASHA2026');
    expect(within(screen.getByRole('button', { name: 'Copy user ID' })).queryByText('Copied!')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(within(copyCode).queryByText('Copied!')).not.toBeInTheDocument();
  });

  test("Share Profile of one's own opens the share sheet with the link origin#/profile/{id}?ref={own code}", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderApp('/profile', { session: 'user', routes: playerServer() });
    await user.click(await screen.findByRole('button', { name: 'Share Profile' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}#/profile/${PLAYER._id}?ref=ASHA2026` }),
    );
  });

  test('the invite link is registration with the code, and what an invite earns is stated', async () => {
    renderApp('/profile', { session: 'user', routes: playerServer() });
    expect(await screen.findByRole('button', { name: 'Copy invite link' })).toHaveTextContent(
      `${window.location.origin}/register?ref=ASHA2026`,
    );
    expect(screen.getByTestId('invite-terms')).toHaveTextContent(
      'When a friend joins with your link and their first deposit is approved, you get 10% of it as bonus, up to ₹500. Bonus is for playing: it becomes withdrawable once your settled bets reach 5× it.',
    );
  });

  test('a signed-out visitor of a profile shared with ?ref= is offered registration with that code', async () => {
    renderApp('/profile/u-other?ref=ASHA2026', { session: 'signed-out', routes: playerServer() });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?ref=ASHA2026',
    );
  });

  test('closing the share sheet is not an error and copies nothing', async () => {
    Object.defineProperty(navigator, 'share', {
      value: vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')),
      configurable: true,
    });
    const { user } = renderApp('/profile/u-other', { session: 'signed-out', routes: playerServer() });
    await user.click(await screen.findByRole('button', { name: 'Share Profile' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Profile link copied.')).not.toBeInTheDocument();
  });

  test('without a share sheet the link is copied instead', async () => {
    const { user } = renderApp('/profile/u-other', { session: 'signed-out', routes: playerServer() });
    await user.click(await screen.findByRole('button', { name: 'Share Profile' }));
    expect(await screen.findByText('Profile link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}#/profile/u-other`);
  });
});

describe('edit name', () => {
  test('PUT /user/profile sends only the name; the new name shows on the profile and in the session', async () => {
    let name = 'Asha';
    const { user, fake, store } = renderApp('/profile', {
      session: 'user',
      routes: playerServer({
        'PUT /user/profile': (call) => {
          name = (call.body as { name: string }).name;
          return ok({ user: { ...OWN, name, firstLetter: name[0].toUpperCase() } }, 'Profile updated.');
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit name' }));
    const input = screen.getByLabelText('Name');
    expect(input).toHaveValue('Asha');
    await user.clear(input);
    await user.type(input, '  Asha Rao ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha Rao' })).toBeInTheDocument();
    expect(fake.callsTo('PUT /user/profile')[0].body).toEqual({ name: 'Asha Rao' });
    expect(store.getState().auth.user?.name).toBe('Asha Rao');
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
  });

  test("a name the rule refuses is not sent; a server failure shows its message, else 'Failed to update user profile'", async () => {
    const { user, fake } = renderApp('/profile', {
      session: 'user',
      routes: playerServer({ 'PUT /user/profile': () => fail(500) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('PUT /user/profile')).toHaveLength(0);
    await user.type(screen.getByLabelText('Name'), 'sha R');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update user profile')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Asha R');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Asha' })).toBeInTheDocument();
  });
});

describe('logout', () => {
  test('Logout calls the server, forgets the token and the profile, and lands on /login', async () => {
    const { user, store, fake, tokens } = renderApp('/profile', { session: 'user', routes: playerServer() });
    await screen.findByRole('heading', { level: 2, name: 'Asha' });
    await waitFor(() => expect(tokens.get()).toBe('token-user'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(fake.callsTo('GET /auth/logout')).toHaveLength(1);
    expect(tokens.get()).toBeNull();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, role: null });
    expect(store.getState().profile).toEqual(initialProfileState);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  test('from /profile/{own id} (an open route) Logout also lands on /login', async () => {
    const { user } = renderApp(`/profile/${PLAYER._id}`, { session: 'user', routes: playerServer() });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  test("a failed logout keeps the player signed in and says 'Logout failed'", async () => {
    const { user, store } = renderApp('/profile', {
      session: 'user',
      routes: playerServer({ 'GET /auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(location()).toBe('/profile');
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });
});
