import { screen, waitFor, within } from '@testing-library/react';
import { loadCommonPasswords } from '@app/domain';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const REQUEST = 'POST /auth/forgot-password/request';
const VERIFY = 'POST /auth/forgot-password/verify';
const RESET = 'POST /auth/forgot-password/reset';
const location = () => screen.getByTestId('location').textContent;
const step = () => screen.getByRole('heading', { level: 1, name: 'Forgot password' }).nextElementSibling?.textContent;
const boxes = () => within(screen.getByRole('group', { name: 'One-time code' })).getAllByRole('textbox');

const server: Record<string, FakeRoute> = {
  [REQUEST]: () => ok({}, 'If an account exists for this email, we have sent a 6-digit code to it.'),
  [VERIFY]: (call) =>
    (call.body as { otp: string }).otp === '135790'
      ? ok({}, 'Code verified. You can now set a new password.')
      : fail(400, 'Incorrect code. 4 attempts left.'),
  [RESET]: () => ok({}, 'Your password has been reset. Please log in with your new password.'),
};

async function open(routes: Record<string, FakeRoute> = server) {
  const view = renderApp('/forgot-password', { routes });
  await screen.findByRole('heading', { name: 'Forgot password' });
  return view;
}

async function toOtp(view: Awaited<ReturnType<typeof open>>) {
  await view.user.type(screen.getByLabelText('Gmail address'), 'Ravi@gmail.com');
  await view.user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByRole('group', { name: 'One-time code' });
}

async function toReset(view: Awaited<ReturnType<typeof open>>) {
  await toOtp(view);
  await view.user.click(boxes()[0]);
  await view.user.paste('135790');
  await view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await screen.findByLabelText('New password');
}

describe('forgot password: four steps', () => {
  test('email → otp → reset (a 30-character passphrase) → done, sending what each step needs, and done goes to /login', async () => {
    const view = await open();
    expect(step()).toMatch(/Step 1 of 3/);
    await toOtp(view);
    expect(step()).toMatch(/Step 2 of 3/);
    expect(view.fake.callsTo(REQUEST)[0].body).toEqual({ email: 'ravi@gmail.com' });
    expect(screen.getByRole('status')).toHaveTextContent('If an account exists for this email');

    await view.user.click(boxes()[0]);
    await view.user.paste('135790');
    await view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByLabelText('New password');
    expect(step()).toMatch(/Step 3 of 3/);
    expect(view.fake.callsTo(VERIFY)[0].body).toEqual({ email: 'ravi@gmail.com', otp: '135790' });

    await view.user.type(screen.getByLabelText('New password'), 'my tea stall opens at 6am 2026');
    await view.user.type(screen.getByLabelText('Confirm new password'), 'my tea stall opens at 6am 2026');
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Your password has been reset. Please log in with your new password.'),
    ).toBeInTheDocument();
    expect(view.fake.callsTo(RESET)[0].body).toEqual({
      email: 'ravi@gmail.com',
      password: 'my tea stall opens at 6am 2026',
    });
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Go to login' }));
    expect(location()).toBe('/login');
    expect(await screen.findByLabelText('Gmail address')).toHaveValue('ravi@gmail.com');
  });

  test('Back on the email step goes to /login', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/login');
  });

  test('Back steps back: reset → otp (code cleared) → email (address kept)', async () => {
    const view = await toResetView();
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toMatch(/Step 2 of 3/);
    expect(
      boxes()
        .map((b) => (b as HTMLInputElement).value)
        .join(''),
    ).toBe('');
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toMatch(/Step 1 of 3/);
    expect(screen.getByLabelText('Gmail address')).toHaveValue('Ravi@gmail.com');
    expect(location()).toBe('/forgot-password');
  });

  async function toResetView() {
    const view = await open();
    await toReset(view);
    return view;
  }
});

describe('forgot password: rules and messages', () => {
  test("a non-Gmail address: 'Only Gmail addresses are accepted.' and nothing is sent", async () => {
    const { user, fake } = await open();
    await user.type(screen.getByLabelText('Gmail address'), 'ravi@yahoo.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Only Gmail addresses are accepted.')).toBeInTheDocument();
    expect(fake.callsTo(REQUEST)).toHaveLength(0);
  });

  test("the OTP boxes take digits only and paste; fewer than six: 'Please enter the 6-digit OTP sent to your Gmail.'", async () => {
    const view = await open();
    await toOtp(view);
    await view.user.click(boxes()[0]);
    await view.user.keyboard('1x2');
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['1', '2', '', '', '', '']);
    await view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('Please enter the 6-digit OTP sent to your Gmail.')).toBeInTheDocument();
    expect(view.fake.callsTo(VERIFY)).toHaveLength(0);
  });

  test("a wrong code shows the server's message and stays on the code step", async () => {
    const view = await open();
    await toOtp(view);
    await view.user.click(boxes()[0]);
    await view.user.paste('111111');
    await view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. 4 attempts left.');
    expect(step()).toMatch(/Step 2 of 3/);
  });

  test.each([
    ['12345', '12345', 'Password must be at least 6 characters.'],
    ['secret12', 'secret13', 'Passwords do not match.'],
    ['ravi@2024', 'ravi@2024', 'Password must not be made from your email address.'],
    ['Password1', 'Password1', 'This password is too common. Please choose a less common password.'],
    ['zzzzzzzz', 'zzzzzzzz', 'Password must not be one character repeated (like "aaaaaa").'],
    ['        ', '        ', 'Password must not be only spaces.'],
  ])('new password %j / %j: %s', async (password, confirm, message) => {
    await loadCommonPasswords();
    const view = await open();
    await toReset(view);
    await view.user.type(screen.getByLabelText('New password'), password);
    await view.user.type(screen.getByLabelText('Confirm new password'), confirm);
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(view.fake.callsTo(RESET)).toHaveLength(0);
  });

  test.each([
    [
      'an answer with success:false and no message',
      () => json(200, { success: false, statusCode: 200 }),
      'Failed to send OTP.',
    ],
    [
      'an answer with success:false and a message',
      () => json(200, { success: false, statusCode: 200, message: 'No such account' }),
      'No such account',
    ],
    [
      'an error status with a message',
      () => fail(429, 'Too many codes requested. Please try again in 5 minutes.'),
      'Too many codes requested. Please try again in 5 minutes.',
    ],
    ['an error status without a message', () => fail(502), 'Network error. Please try again.'],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch')), 'Network error. Please try again.'],
  ] as const)('sending the code, %s → %s', async (_case, answer, message) => {
    const { user } = await open({ ...server, [REQUEST]: answer });
    await user.type(screen.getByLabelText('Gmail address'), 'ravi@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(step()).toMatch(/Step 1 of 3/);
  });

  test("verify and reset fall back to 'OTP verification failed.' and 'Password reset failed.'", async () => {
    const falseAnswer = () => json(200, { success: false, statusCode: 200 });
    const view = await open({
      ...server,
      [VERIFY]: (call, nth) => (nth === 0 ? falseAnswer() : server[VERIFY](call, nth)),
      [RESET]: falseAnswer,
    });
    await toOtp(view);
    await view.user.click(boxes()[0]);
    await view.user.paste('135790');
    await view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP verification failed.');
    await view.user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByLabelText('New password');
    await view.user.type(screen.getByLabelText('New password'), 'secret12');
    await view.user.type(screen.getByLabelText('Confirm new password'), 'secret12');
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Password reset failed.'));
  });
});
