import { screen, waitFor, within } from '@testing-library/react';
import type { LoginRequest } from '@app/contracts';
import { SECOND_FACTOR_MESSAGES } from '@app/domain';
import { fail, ok, json, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const location = () => screen.getByTestId('location').textContent;
const emailInput = () => screen.getByLabelText('Gmail address');
const passwordInput = () => screen.getByLabelText('Password');

/**
 * A server where the refresh cookie exists only after a successful login: the session check on start says
 * "signed out", the one after login (on the route change) says who signed in.
 */
function loginServer(role: 'user' | 'super-admin', answer?: FakeRoute) {
  let signedIn = false;
  const user = { _id: 'u-42', name: 'Ravi', email: 'ravi@gmail.com', role };
  return {
    'GET /auth/refresh-token': () =>
      signedIn ? ok({ user, accessToken: 'access-2' }) : fail(401, 'Refresh token missing'),
    'POST /auth/login': (call, nth) => {
      if (answer) return answer(call, nth);
      signedIn = true;
      return ok({ user, accessToken: 'access-1' }, 'Logged in successfully.');
    },
  } satisfies Record<string, FakeRoute>;
}

describe('login screen', () => {
  test('has a Gmail address field, a password field, and links to forgot password and register', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  test('shows errors live while typing, with the spec messages', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByText('Please enter a valid Gmail address')).not.toBeInTheDocument();

    await user.type(emailInput(), 'ravi@yahoo.com');
    expect(screen.getByText('Please enter a valid Gmail address')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription('Please enter a valid Gmail address');

    await user.clear(emailInput());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(emailInput(), 'ravi@gmail.com');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(emailInput()).not.toHaveAttribute('aria-invalid');

    await user.type(passwordInput(), 'abc');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await user.type(passwordInput(), 'def');
    expect(screen.queryByText('Password must be at least 6 characters long')).not.toBeInTheDocument();
  });

  test('submitting an empty form shows every error and calls nothing', async () => {
    const { user, fake } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(fake.callsTo('POST /auth/login')).toHaveLength(0);
  });

  test('the password can be shown and hidden', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(passwordInput(), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(passwordInput()).toHaveValue('secret12');
  });

  test('the password input takes a 16-character password set by a reset (not only 10)', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(passwordInput(), 'sixteen-chars-pw');
    expect(passwordInput()).toHaveValue('sixteen-chars-pw');
    expect(passwordInput()).toHaveAttribute('minLength', '6');
  });

  test('a player signs in: the token is kept, auth has name and role, and the guard sends them to /game', async () => {
    const { user, store, fake, tokens } = renderApp('/login', { routes: loginServer('user') });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(emailInput(), '  Ravi@Gmail.com ');
    await user.type(passwordInput(), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(location()).toBe('/game'));
    expect(fake.callsTo('POST /auth/login')[0].body).toEqual({ email: 'ravi@gmail.com', password: 'secret12' });
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      role: 'user',
      user: { id: 'u-42', name: 'Ravi' },
    });
    expect(tokens.get()).toBe('access-1');
  });

  test('a player sent to log in from a page lands back on that page (query included) after signing in', async () => {
    const { user } = renderApp('/wallet/statement?from=2026-11-01', { routes: loginServer('user') });
    await waitFor(() => expect(location()).toBe('/login'));
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(emailInput(), 'ravi@gmail.com');
    await user.type(passwordInput(), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/wallet/statement'));
  });

  test('a super-admin is sent to /admin/dashboard', async () => {
    const { user } = renderApp('/login', { routes: loginServer('super-admin') });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(emailInput(), 'root@gmail.com');
    await user.type(passwordInput(), 'admin12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  });

  test("a refused login shows the server's message and stays on /login; typing again clears it", async () => {
    const { user, store } = renderApp('/login', {
      routes: loginServer('user', () => fail(401, 'Invalid email or password.')),
    });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(emailInput(), 'ravi@gmail.com');
    await user.type(passwordInput(), 'wrong-pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(location()).toBe('/login');
    expect(store.getState().auth.isAuthenticated).toBe(false);
    await user.type(passwordInput(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test("without a message from the server it says 'Network error occurred'", async () => {
    const { user } = renderApp('/login', {
      routes: loginServer('user', () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(emailInput(), 'ravi@gmail.com');
    await user.type(passwordInput(), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error occurred');
  });

  test('the button is disabled while the login is in flight, so a double tap sends once', async () => {
    let release: (r: Response) => void = () => undefined;
    const { user, fake } = renderApp('/login', {
      routes: loginServer('user', () => new Promise<Response>((resolve) => (release = resolve))),
    });
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(emailInput(), 'ravi@gmail.com');
    await user.type(passwordInput(), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
    await user.keyboard('{Enter}');
    release(json(401, { success: false, statusCode: 401, message: 'Invalid email or password.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(fake.callsTo('POST /auth/login')).toHaveLength(1);
  });
});

/**
 * A server whose account has had too many failed sign-ins (and, with `totp`, an enrolled authenticator): it asks
 * for what is missing, refuses a wrong code, and signs in with the password, '246810' and (with `totp`) '135790'.
 */
function guardedServer(options: { code?: boolean; totp?: boolean } = { code: true }) {
  const needed: ('code' | 'totp')[] = [
    ...(options.code ? (['code'] as const) : []),
    ...(options.totp ? (['totp'] as const) : []),
  ];
  const fields = { code: SECOND_FACTOR_MESSAGES.codeField, totp: SECOND_FACTOR_MESSAGES.totpField };
  const errors = Object.fromEntries(needed.map((f) => [f, fields[f]]));
  return loginServer(options.totp ? 'super-admin' : 'user', (call) => {
    const body = call.body as LoginRequest;
    if (needed.some((f) => !body[f])) {
      const message = options.code ? SECOND_FACTOR_MESSAGES.codeRequired : SECOND_FACTOR_MESSAGES.totpRequired;
      return json(401, { success: false, statusCode: 401, message, errors });
    }
    const right =
      body.password === 'secret12' &&
      (!options.code || body.code === '246810') &&
      (!options.totp || body.totp === '135790');
    if (!right)
      return json(401, { success: false, statusCode: 401, message: SECOND_FACTOR_MESSAGES.signInRefused, errors });
    return ok({
      user: { _id: 'u-42', name: 'Ravi', email: 'ravi@gmail.com', role: options.totp ? 'super-admin' : 'user' },
      accessToken: 'access-1',
    });
  });
}

describe('the code step of the login', () => {
  const codeBoxes = () => within(screen.getByRole('group', { name: 'Code from the e-mail' })).getAllByRole('textbox');

  async function challenged(view: ReturnType<typeof renderApp>) {
    await screen.findByRole('heading', { name: 'Login' });
    await view.user.type(emailInput(), 'ravi@gmail.com');
    await view.user.type(passwordInput(), 'secret12');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('group', { name: 'Code from the e-mail' });
  }

  test('asks for the e-mailed code with the server’s words, keeps the address and password, and the sixth digit signs in', async () => {
    const view = renderApp('/login', { routes: guardedServer() });
    await challenged(view);
    expect(screen.getByRole('status')).toHaveTextContent(SECOND_FACTOR_MESSAGES.codeRequired);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(emailInput()).toHaveValue('ravi@gmail.com');
    expect(passwordInput()).toHaveValue('secret12');
    expect(codeBoxes()[0]).toHaveFocus();
    await view.user.paste('246810');
    await waitFor(() => expect(location()).toBe('/game'));
    expect(view.fake.callsTo('POST /auth/login').map((c) => c.body)).toEqual([
      { email: 'ravi@gmail.com', password: 'secret12' },
      { email: 'ravi@gmail.com', password: 'secret12', code: '246810' },
    ]);
  });

  test('a wrong code (or password) is refused as an error; the boxes can be fixed and sent again', async () => {
    const view = renderApp('/login', { routes: guardedServer() });
    await challenged(view);
    await view.user.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(SECOND_FACTOR_MESSAGES.signInRefused);
    expect(screen.getByRole('group', { name: 'Code from the e-mail' })).toBeInTheDocument();
    await view.user.click(codeBoxes()[0]);
    await view.user.paste('246810');
    await waitFor(() => expect(location()).toBe('/game'));
  });

  test('an incomplete code is not sent; “E-mail me a new code” signs in again without one', async () => {
    const view = renderApp('/login', { routes: guardedServer() });
    await challenged(view);
    await view.user.type(codeBoxes()[0], '24');
    await view.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(screen.getByText('Please enter the 6-digit code from the e-mail.')).toBeInTheDocument();
    expect(view.fake.callsTo('POST /auth/login')).toHaveLength(1);
    await view.user.click(screen.getByRole('button', { name: 'E-mail me a new code' }));
    await waitFor(() => expect(view.fake.callsTo('POST /auth/login')).toHaveLength(2));
    expect(view.fake.callsTo('POST /auth/login')[1].body).toEqual({ email: 'ravi@gmail.com', password: 'secret12' });
    expect(
      codeBoxes()
        .map((b) => (b as HTMLInputElement).value)
        .join(''),
    ).toBe('');
  });

  test('typing another address drops the code step', async () => {
    const view = renderApp('/login', { routes: guardedServer() });
    await challenged(view);
    await view.user.type(emailInput(), 'x');
    expect(screen.queryByRole('group', { name: 'Code from the e-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  test('an account with an authenticator: its code (or a recovery code) is asked for, checked for shape, then sent with the password', async () => {
    const view = renderApp('/login', { routes: guardedServer({ totp: true }) });
    await screen.findByRole('heading', { name: 'Login' });
    await view.user.type(emailInput(), 'root@gmail.com');
    await view.user.type(passwordInput(), 'secret12');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    const field = await screen.findByLabelText('Authenticator code');
    expect(screen.getByRole('status')).toHaveTextContent(SECOND_FACTOR_MESSAGES.totpRequired);
    expect(field).toHaveFocus();
    await view.user.type(field, '12ab');
    await view.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(screen.getByText(SECOND_FACTOR_MESSAGES.totpInvalid)).toBeInTheDocument();
    await view.user.clear(field);
    await view.user.type(field, '135790');
    await view.user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect(view.fake.callsTo('POST /auth/login').at(-1)!.body).toEqual({
      email: 'root@gmail.com',
      password: 'secret12',
      totp: '135790',
    });
  });
});

describe('the login form on the landing page', () => {
  test('signs in from / and the guard sends the player on to /game', async () => {
    const { user, fake } = renderApp('/', { routes: loginServer('user') });
    const form = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(form).getByLabelText('Gmail address'), 'ravi@gmail.com');
    await user.type(within(form).getByLabelText('Password'), 'secret12');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/game'));
    expect(fake.callsTo('POST /auth/login')).toHaveLength(1);
  });

  test('shows the same live errors and links to forgot password', async () => {
    const { user } = renderApp('/');
    const form = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(form).getByLabelText('Gmail address'), 'ravi@outlook.com');
    expect(within(form).getByText('Please enter a valid Gmail address')).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
