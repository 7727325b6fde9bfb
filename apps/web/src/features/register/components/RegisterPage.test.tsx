import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RegisterRequest } from '@app/contracts';
import { loadCommonPasswords } from '@app/domain';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const REGISTER = 'POST /auth/register';
const location = () => screen.getByTestId('location').textContent;
const boxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
const codeValues = () =>
  boxes()
    .map((b) => (b as HTMLInputElement).value)
    .join('');

/** The register call as the server answers it: without a code → code sent; with '246810' → created. */
const registerServer: FakeRoute = (call) => {
  const body = call.body as RegisterRequest;
  if (!body.otp)
    return ok(
      { otpSent: true, email: body.email },
      `We have sent a 6-digit code to ${body.email}. It is valid for 10 minutes.`,
    );
  if (body.otp === '246810') {
    return json(201, {
      success: true,
      message: 'Registration successful. Please log in.',
      data: { user: { _id: 'u-9', name: body.username, email: body.email, role: 'user' } },
    });
  }
  return fail(400, 'Incorrect code. 4 attempts left.');
};

async function fillDetails(
  user: ReturnType<typeof renderApp>['user'],
  overrides: Partial<Record<string, string>> = {},
) {
  const values = {
    username: 'ravi_k',
    email: 'ravi@gmail.com',
    password: 'secret12',
    confirm: 'secret12',
    dateOfBirth: '2000-05-31',
    ...overrides,
  };
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Gmail address'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  if (values.dateOfBirth)
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: values.dateOfBirth } });
}

const sendCode = () => screen.getByRole('button', { name: 'Send code' });
const terms = () => screen.getByRole('checkbox', { name: /terms and conditions/ });

describe('register, step 1: details', () => {
  test('has every field, an optional referral code and a terms checkbox linking to the terms page', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    for (const label of [
      'Username',
      'Gmail address',
      'Password',
      'Confirm password',
      'Date of birth',
      'Referral code (optional)',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  test('submit is disabled until the terms are accepted, and says why', async () => {
    const { user, fake } = renderApp('/register', { routes: { [REGISTER]: registerServer } });
    await screen.findByRole('heading', { name: 'Register' });
    expect(sendCode()).toBeDisabled();
    await fillDetails(user);
    expect(sendCode()).toBeDisabled();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    await user.click(terms());
    expect(sendCode()).toBeEnabled();
    expect(screen.queryByText('You must agree to the terms and conditions')).not.toBeInTheDocument();
    await user.click(terms());
    expect(sendCode()).toBeDisabled();
    expect(terms()).toHaveAccessibleDescription('You must agree to the terms and conditions');
    expect(fake.callsTo(REGISTER)).toHaveLength(0);
  });

  test.each([
    [{ username: '' }, 'All fields are required'],
    [{ confirm: '' }, 'All fields are required'],
    [{ dateOfBirth: '' }, 'All fields are required'],
    [{ dateOfBirth: '2015-06-01' }, 'You must be 18 or older to play.'],
    [{ email: 'ravi@yahoo.com' }, 'Please enter a valid Gmail address'],
    [{ password: 'abc12', confirm: 'abc12' }, 'Password must be at least 6 characters'],
    [{ confirm: 'secret13' }, "Passwords don't match!"],
    [{ password: 'Ravi2024', confirm: 'Ravi2024' }, 'Password must not be made from your email address.'],
    [{ password: 'aaaaaa', confirm: 'aaaaaa' }, 'Password must not be one character repeated (like "aaaaaa").'],
    [{ password: '      ', confirm: '      ' }, 'Password must not be only spaces.'],
    [{ username: 'ab' }, 'Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.'],
    [
      { username: 'ravi<script>' },
      'Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.',
    ],
  ])('%j → %s, and nothing is sent', async (overrides, message) => {
    const { user, fake } = renderApp('/register', { routes: { [REGISTER]: registerServer } });
    await screen.findByRole('heading', { name: 'Register' });
    await fillDetails(user, overrides);
    await user.click(terms());
    await user.click(sendCode());
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(fake.callsTo(REGISTER)).toHaveLength(0);
  });

  test('a common password is refused once the list has loaded (the same list and message as the server), and nothing is sent', async () => {
    await loadCommonPasswords();
    const { user, fake } = renderApp('/register', { routes: { [REGISTER]: registerServer } });
    await screen.findByRole('heading', { name: 'Register' });
    await fillDetails(user, { password: 'Qwerty123', confirm: 'Qwerty123' });
    await user.click(terms());
    await user.click(sendCode());
    expect(
      await screen.findByText('This password is too common. Please choose a less common password.'),
    ).toBeInTheDocument();
    expect(fake.callsTo(REGISTER)).toHaveLength(0);
  });

  test("'All fields are required' is said once and marks each empty field; it updates live after the first try", async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Register' });
    await user.click(terms());
    await user.click(sendCode());
    expect(screen.getAllByText('All fields are required')).toHaveLength(1);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('All fields are required');
    await fillDetails(user, { confirm: 'secret13' });
    expect(screen.queryByText('All fields are required')).not.toBeInTheDocument();
    expect(screen.getByText("Passwords don't match!")).toBeInTheDocument();
  });

  test('the referral code is filled in from ?ref= and sent trimmed; an empty one is left out', async () => {
    const { user, fake } = renderApp('/register?ref=ABCD1234', { routes: { [REGISTER]: registerServer } });
    await screen.findByRole('heading', { name: 'Register' });
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('ABCD1234');
    await fillDetails(user, { email: ' Ravi@Gmail.com' });
    await user.click(terms());
    await user.click(sendCode());
    await screen.findByRole('group', { name: 'Verification code' });
    expect(fake.callsTo(REGISTER)[0].body).toEqual({
      username: 'ravi_k',
      email: 'ravi@gmail.com',
      password: 'secret12',
      confirmPassword: 'secret12',
      dateOfBirth: '2000-05-31',
      referralCode: 'ABCD1234',
      terms: true,
      language: 'en-IN',
    });
  });

  test("the server's message is shown, else 'Something went wrong. Please try again.'", async () => {
    let answer = fail(409, 'This email is already registered. Please log in instead.');
    const { user } = renderApp('/register', { routes: { [REGISTER]: () => answer } });
    await screen.findByRole('heading', { name: 'Register' });
    await fillDetails(user);
    await user.click(terms());
    await user.click(sendCode());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This email is already registered. Please log in instead.',
    );
    answer = fail(500);
    await user.click(sendCode());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
  });
});

describe('register, step 2: the code', () => {
  async function toStepTwo(routes: Record<string, FakeRoute> = { [REGISTER]: registerServer }) {
    const view = renderApp('/register', { routes });
    await screen.findByRole('heading', { name: 'Register' });
    await fillDetails(view.user);
    await view.user.click(terms());
    await view.user.click(sendCode());
    await screen.findByRole('group', { name: 'Verification code' });
    return view;
  }

  test('six single-digit boxes for the code sent to the address, the first one focused', async () => {
    await toStepTwo();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByText('ravi@gmail.com')).toBeInTheDocument();
    expect(boxes()[0]).toHaveFocus();
  });

  test('the sixth digit submits the code with the details; success goes to /login with a toast', async () => {
    const { user, fake } = await toStepTwo();
    await user.keyboard('24681');
    expect(fake.callsTo(REGISTER)).toHaveLength(1);
    await user.keyboard('0');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(fake.callsTo(REGISTER)[1].body).toEqual({
      username: 'ravi_k',
      email: 'ravi@gmail.com',
      password: 'secret12',
      confirmPassword: 'secret12',
      dateOfBirth: '2000-05-31',
      terms: true,
      otp: '246810',
      language: 'en-IN',
    });
    expect(await screen.findByText('Registration successful. Please log in.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    // The new account's address is filled in on the login form.
    expect(screen.getByLabelText('Gmail address')).toHaveValue('ravi@gmail.com');
  });

  test('pasting the whole code fills the boxes and submits it', async () => {
    const { user, fake } = await toStepTwo();
    await user.paste('246 810');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(fake.callsTo(REGISTER)).toHaveLength(2);
    expect((fake.callsTo(REGISTER)[1].body as RegisterRequest).otp).toBe('246810');
  });

  test("a wrong code shows the server's message; fixing a digit submits again", async () => {
    const { user, fake } = await toStepTwo();
    await user.paste('246811');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code. 4 attempts left.');
    expect(location()).toBe('/register');
    await user.click(boxes()[5]);
    await user.keyboard('0');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(fake.callsTo(REGISTER).map((c) => (c.body as RegisterRequest).otp)).toEqual([undefined, '246811', '246810']);
  });

  test('the button back to the details keeps them and clears the code', async () => {
    const { user } = await toStepTwo();
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText('Username')).toHaveValue('ravi_k');
    expect(screen.getByLabelText('Password')).toHaveValue('secret12');
    expect(terms()).toBeChecked();
    await user.click(sendCode());
    await screen.findByRole('group', { name: 'Verification code' });
    expect(codeValues()).toBe('');
  });
});

describe('register: resending the code', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  test('waits 30 seconds, then sends the details again (and clears the boxes)', async () => {
    const { user, fake } = renderApp('/register', { routes: { [REGISTER]: registerServer } });
    await screen.findByRole('heading', { name: 'Register' });
    await fillDetails(user);
    await user.click(terms());
    await user.click(sendCode());
    await screen.findByRole('group', { name: 'Verification code' });
    await user.keyboard('12');

    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByRole('button', { name: 'Resend code in 1s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(fake.callsTo(REGISTER)).toHaveLength(2));
    expect((fake.callsTo(REGISTER)[1].body as RegisterRequest).otp).toBeUndefined();
    expect(codeValues()).toBe('');
    expect(await screen.findByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('We have sent a 6-digit code to ravi@gmail.com.');
  });
});
