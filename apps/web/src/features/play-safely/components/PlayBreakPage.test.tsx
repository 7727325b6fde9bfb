import { screen, waitFor, within } from '@testing-library/react';
import type { PlayBreakRefusal } from '@app/contracts';
import { formatIstDateTime, playBreakEnd } from '@app/domain';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { setLanguage } from '../../../shared/i18n/i18n';
import { renderApp } from '../../../test/render-app';

const location = () => screen.getByTestId('location').textContent;
const TAKE = 'POST /play-safely/break';
const REFUSAL = 'You are taking a break until 6 Dec 2026, 14:05 IST. For help, write to support@winround.app.';
const PLAY_BREAK: PlayBreakRefusal = {
  kind: 'break',
  option: '7d',
  phase: 'break',
  startedAt: '2026-11-29T08:34:30.000Z',
  endsAt: '2026-12-06T08:35:00.000Z',
  until: '2026-12-06T08:35:00.000Z',
  withdrawToken: 'pb1.token.mac',
  withdrawTokenExpiresAt: '2026-11-29T08:50:00.000Z',
};

/**
 * `sentence` with the end of `option` the dialog shows: counted from an instant between `from` and now, so both ends
 * are allowed when a minute turned meanwhile.
 */
function withEnd(sentence: (end: string) => string, option: Parameters<typeof playBreakEnd>[0], from: number): RegExp {
  const ends = new Set([from, Date.now()].map((at) => sentence(formatIstDateTime(playBreakEnd(option, at)))));
  return new RegExp([...ends].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
}

function openBreakScreen(routes: Record<string, FakeRoute> = {}) {
  return renderApp('/play-safely/break', {
    session: 'user',
    routes: {
      [TAKE]: (call) =>
        ok(
          { playBreak: { ...PLAY_BREAK, option: (call.body as { option: string }).option } },
          'Your break has started. It ends on 6 Dec 2026, 14:05 IST.',
        ),
      ...routes,
    },
  });
}

describe('take a break or exclude yourself', () => {
  test('offers four breaks and three self-exclusions; Continue without a choice asks for one', async () => {
    const { user, fake } = openBreakScreen();
    expect(await screen.findByRole('heading', { name: 'Take a break or exclude yourself' })).toBeInTheDocument();
    const breaks = screen.getByRole('group', { name: 'Take a break' });
    expect(
      within(breaks)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['24 hours', '7 days', '30 days', '6 weeks']);
    const exclusions = screen.getByRole('group', { name: 'Exclude yourself' });
    expect(
      within(exclusions)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['6 months', '1 year', '5 years']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how long first.');
    expect(fake.callsTo(TAKE)).toHaveLength(0);
  });

  test('the dialog shows the end date in IST; Cancel sends nothing', async () => {
    const { user, fake } = openBreakScreen();
    await user.click(await screen.findByRole('radio', { name: '7 days' }));
    const asked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take a break of 7 days?' });
    expect(dialog).toHaveTextContent(withEnd((end) => `Your break ends on ${end}.`, '7d', asked));
    expect(dialog).toHaveTextContent('You will be logged out at once, and this cannot be shortened or undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo(TAKE)).toHaveLength(0);
  });

  test('confirming a self-exclusion sends it once, logs the player out and the login page says until when', async () => {
    const { user, fake, tokens } = openBreakScreen();
    await user.click(await screen.findByRole('radio', { name: '1 year' }));
    const asked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Exclude yourself for 1 year?' });
    expect(dialog).toHaveTextContent(withEnd((end) => `Your self-exclusion lasts at least until ${end}.`, '1y', asked));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and log out' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(fake.callsTo(TAKE).map((c) => c.body)).toEqual([{ option: '1y' }]);
    expect(tokens.get()).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your break has started. It ends on 6 Dec 2026, 14:05 IST.',
    );
  });

  test("the server's refusal shows in the dialog, and the player stays signed in", async () => {
    const { user } = openBreakScreen({
      [TAKE]: () => fail(409, 'You can only make it longer: yours runs until 29 Dec 2026, 14:04 IST.'),
    });
    await user.click(await screen.findByRole('radio', { name: '24 hours' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and log out' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(
      'You can only make it longer: yours runs until 29 Dec 2026, 14:04 IST.',
    );
    expect(location()).toBe('/play-safely/break');
  });

  test('the profile screen links to it', async () => {
    const { user } = renderApp('/profile', {
      session: 'user',
      routes: {
        'GET /user/profile': () =>
          ok({
            user: {
              _id: 'u-player',
              name: 'Asha',
              email: 'asha@gmail.com',
              firstLetter: 'A',
              referralCode: 'ASHA01',
              joinDate: '2026-11-01T00:00:00.000Z',
              lastLogin: null,
              totalGames: 0,
              totalWinnings: 0,
              totalDeposits: 0,
              totalWithdrawals: 0,
              totalLoses: 0,
            },
          }),
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Take a break or exclude yourself' }));
    await waitFor(() => expect(location()).toBe('/play-safely/break'));
  });
});

describe('a sign-in refused by a break', () => {
  const refusedLogin = () =>
    renderApp('/login', {
      routes: {
        'POST /auth/login': () =>
          json(403, { success: false, statusCode: 403, message: REFUSAL, playBreak: PLAY_BREAK }),
        'GET /play-safely/away': () =>
          ok({ playBreak: PLAY_BREAK, balance: 1250.5, bonusBalance: 50, isActive: true, canAskToReturn: false }),
        'POST /play-safely/away/withdraw': () =>
          json(201, { success: true, data: { transactionId: 'WDR20261129000007', isActive: true, message: 'ok' } }),
      },
    });

  test('the form shows the end date and the support address, with a link to withdraw', async () => {
    const { user } = refusedLogin();
    await user.type(await screen.findByLabelText('Gmail address'), 'asha@gmail.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REFUSAL);
    expect(within(alert).getByRole('link', { name: 'Withdraw your balance' })).toHaveAttribute(
      'href',
      '/play-safely/withdraw',
    );
    expect(location()).toBe('/login');
  });

  test('the withdraw page uses the withdraw-only token, shows the main balance and requests a withdrawal', async () => {
    const { user, fake } = refusedLogin();
    await user.type(await screen.findByLabelText('Gmail address'), 'asha@gmail.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('link', { name: 'Withdraw your balance' }));
    expect(await screen.findByTestId('away-balance')).toHaveTextContent('₹1,250.50');
    expect(fake.callsTo('GET /play-safely/away')[0]!.headers.Authorization).toBe('Bearer pb1.token.mac');
    expect(screen.getByLabelText('Amount (₹)')).toHaveValue('1250.5');
    await user.selectOptions(screen.getByLabelText('UPI app'), 'PHONEPE');
    await user.type(screen.getByLabelText('UPI ID'), 'asha');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await screen.findByText('Withdrawal requested (WDR20261129000007). Processing time: 2–4 hours.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('POST /play-safely/away/withdraw').map((c) => c.body)).toEqual([
      { method: 'UPI', amount: 1250.5, upiApp: 'PHONEPE', upiId: 'asha@ybl' },
    ]);
  });

  test('in Hindi, the withdraw page shows its form and its answer in Hindi', async () => {
    setLanguage('hi-IN');
    const { user } = refusedLogin();
    await user.type(await screen.findByLabelText('Gmail पता'), 'asha@gmail.com');
    await user.type(screen.getByLabelText('पासवर्ड'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'लॉग इन करें' }));
    await user.click(await screen.findByRole('link', { name: 'अपना बैलेंस निकालें' }));
    expect(await screen.findByTestId('away-balance')).toHaveTextContent('₹1,250.50');
    expect(screen.getByText('मुख्य बैलेंस', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('राशि (₹)')).toHaveValue('1250.5');
    await user.selectOptions(screen.getByLabelText('UPI ऐप'), 'PHONEPE');
    await user.type(screen.getByLabelText('UPI ID'), 'asha');
    await user.click(screen.getByRole('button', { name: 'निकासी का अनुरोध करें' }));
    expect(
      await screen.findByText('निकासी का अनुरोध हो गया (WDR20261129000007)। लगने वाला समय: 2–4 घंटे।'),
    ).toBeInTheDocument();
  });

  test('opened without a refused sign-in (e.g. after a reload), the page asks to log in again', async () => {
    renderApp('/play-safely/withdraw');
    expect(await screen.findByText(/To withdraw, log in again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
  });
});

describe('breaks and the away withdrawal in Hindi', () => {
  test('the break screen, its dialog with the end date, and the withdraw page speak Hindi', async () => {
    setLanguage('hi-IN');
    const { user } = openBreakScreen();
    expect(await screen.findByRole('heading', { name: 'ब्रेक लें या खुद को खेल से बाहर रखें' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(screen.getByRole('alert')).toHaveTextContent('पहले चुनें कि कितने समय के लिए।');
    await user.click(screen.getByRole('radio', { name: '7 दिन' }));
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(screen.getByRole('alertdialog', { name: '7 दिन का ब्रेक लें?' })).toHaveTextContent(
      /आपका ब्रेक .+ IST को खत्म होगा।/,
    );
  });

  test('opened without a refused sign-in, the withdraw page asks in Hindi to log in again', async () => {
    setLanguage('hi-IN');
    renderApp('/play-safely/withdraw');
    expect(await screen.findByRole('heading', { name: 'अपना बैलेंस निकालें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'लॉग इन पर जाएं' })).toHaveAttribute('href', '/login');
  });
});
