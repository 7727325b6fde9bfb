import { screen, waitFor, within } from '@testing-library/react';
import { fail, json, ok } from '../../../test/fake-fetch';
import { setLanguage } from '../../../shared/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import { viewOf } from './fixtures';

const LIMITS = 'GET /player/limits';
const SAVE = 'PUT /player/limits';

describe('Play safely screen', () => {
  test('explains every tool to anyone, links to the break screen and asks a visitor to sign in to set limits', async () => {
    renderApp('/play-safely', { session: 'signed-out' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Play safely' })).toBeInTheDocument();
    for (const tool of [
      'Deposit limits',
      'Loss limits',
      'Session time limit',
      'Reality checks',
      'Breaks',
      'Self-exclusion',
      'Statements',
      'Disputes',
      'Identity checks',
    ])
      expect(screen.getByText(tool, { selector: 'dt' })).toBeInTheDocument();
    expect(
      screen.getAllByText(/A higher limit, or removing one, takes effect only after 24 hours/)[0],
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take a break or exclude yourself' })).toHaveAttribute(
      'href',
      '/play-safely/break',
    );
    expect(screen.getByText('Sign in to set your limits.')).toBeInTheDocument();
  });

  test('each tool used on another screen links to it, and says what it does', async () => {
    renderApp('/play-safely', { session: 'signed-out' });
    await screen.findByRole('heading', { level: 1, name: 'Play safely' });
    const tools = screen.getByRole('region', { name: 'Your tools' });
    expect(within(tools).getByRole('link', { name: 'Take a break' })).toHaveAttribute('href', '/play-safely/break');
    expect(within(tools).getByRole('link', { name: 'Exclude yourself' })).toHaveAttribute('href', '/play-safely/break');
    expect(within(tools).getByRole('link', { name: 'Your statement' })).toHaveAttribute('href', '/wallet/statement');
    expect(within(tools).getByRole('link', { name: 'My disputes' })).toHaveAttribute('href', '/disputes');
    expect(within(tools).getByRole('link', { name: 'Your identity' })).toHaveAttribute('href', '/identity');
    const says = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(says('Breaks')).toMatch(
      /^Stop playing for 24 hours, 7 days, 30 days or 6 weeks\. A break ends by itself at its end; nobody can shorten it/,
    );
    expect(says('Self-exclusion')).toMatch(
      /^Stop playing for 6 months, 1 year or 5 years\. It does not end by itself: after its end you ask to return, and your account opens 24 hours after you ask\./,
    );
    expect(says('Disputes')).toMatch(/We answer every dispute within 14 days\./);
    expect(says('Identity checks')).toMatch(/^You must be 18 or older to play\./);
    expect(says('Statements')).toMatch(/between two dates, with your balances after each/);
  });

  test('a player sees their limits, what they leave, a pending change with its time, and can cancel it', async () => {
    const view = viewOf({
      set: {
        deposit24h: {
          value: 2000,
          used: 1500,
          left: 500,
          resetsAt: '2026-11-29T08:35:00.000Z',
          pending: { value: 5000, effectiveAt: '2026-11-30T08:35:00.000Z' },
        },
      },
    });
    const { fake, user } = renderApp('/play-safely', {
      session: 'user',
      routes: {
        [LIMITS]: () => ok({ playSafely: view }),
        [SAVE]: () => ok({ playSafely: viewOf({ set: { deposit24h: { value: 2000, used: 1500, left: 500 } } }) }),
      },
    });
    const deposits = await screen.findByRole('group', { name: 'Deposit limits' });
    expect(within(deposits).getByRole('textbox', { name: /Per 24 hours/ })).toHaveValue('2000');
    expect(within(deposits).getByText('₹500.00 left until 29 Nov 2026, 14:05 IST.')).toBeInTheDocument();
    expect(screen.getByTestId('pending-deposit24h')).toHaveTextContent('Changes to ₹5,000 on 30 Nov 2026, 14:05 IST.');
    await user.click(screen.getByRole('button', { name: /Cancel change/ }));
    await waitFor(() => expect(fake.callsTo(SAVE)).toHaveLength(1));
    expect(fake.callsTo(SAVE)[0]!.body).toEqual({ cancelPending: ['deposit24h'] });
    await waitFor(() => expect(screen.queryByTestId('pending-deposit24h')).not.toBeInTheDocument());
  });

  test('saving sends only what changed (empty removes a limit) and the reminder; a refused value shows beside its field', async () => {
    const view = viewOf({ set: { loss7d: { value: 5000, used: 0, left: 5000 } } });
    const { fake, user } = renderApp('/play-safely', {
      session: 'user',
      routes: {
        [LIMITS]: () => ok({ playSafely: view }),
        [SAVE]: (_call, nth) =>
          nth === 0
            ? json(400, {
                success: false,
                message: 'Enter whole rupees',
                errors: {
                  'limits.deposit24h': 'Enter whole rupees from ₹1 to ₹10,00,000, or leave it empty for no limit.',
                },
              })
            : ok({ playSafely: view }),
      },
    });
    const losses = await screen.findByRole('group', { name: 'Loss limits' });
    await user.clear(within(losses).getByRole('textbox', { name: /Per 7 days/ }));
    const deposits = screen.getByRole('group', { name: 'Deposit limits' });
    await user.type(within(deposits).getByRole('textbox', { name: /Per 24 hours/ }), '2000');
    await user.type(screen.getByRole('textbox', { name: /Minutes per session/ }), '45');
    await user.click(screen.getByRole('radio', { name: '15 minutes' }));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(fake.callsTo(SAVE)).toHaveLength(1));
    expect(fake.callsTo(SAVE)[0]!.body).toEqual({
      limits: { deposit24h: 2000, loss7d: null, sessionMinutes: 45 },
      realityCheckMinutes: 15,
    });
    expect(await within(deposits).findByRole('alert')).toHaveTextContent('Enter whole rupees from ₹1 to ₹10,00,000');
  });

  test('a failed load says so', async () => {
    renderApp('/play-safely', {
      session: 'user',
      routes: { [LIMITS]: () => fail(500, 'Could not load your limits.') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your limits.');
  });
});

describe('Play safely in Hindi', () => {
  test('the tools, the limits with what they leave and a pending change, in Hindi with the month in Hindi', async () => {
    setLanguage('hi-IN');
    const view = viewOf({
      set: {
        deposit24h: {
          value: 2000,
          used: 1500,
          left: 500,
          resetsAt: '2026-11-29T08:35:00.000Z',
          pending: { value: 5000, effectiveAt: '2026-11-30T08:35:00.000Z' },
        },
      },
    });
    renderApp('/play-safely', { session: 'user', routes: { [LIMITS]: () => ok({ playSafely: view }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'सुरक्षित खेलें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ब्रेक लें' })).toHaveAttribute('href', '/play-safely/break');
    const deposits = await screen.findByRole('group', { name: 'जमा की सीमा' });
    expect(within(deposits).getByRole('textbox', { name: /हर 24 घंटे में/ })).toHaveValue('2000');
    expect(within(deposits).getByText('29 नव॰ 2026, 14:05 IST तक ₹500.00 बाकी।')).toBeInTheDocument();
    expect(screen.getByTestId('pending-deposit24h')).toHaveTextContent('30 नव॰ 2026, 14:05 IST को ₹5,000 हो जाएगी।');
    expect(screen.getByRole('button', { name: 'सीमाएं सेव करें' })).toBeInTheDocument();
  });
});

describe('the limits step after sign-up', () => {
  test('shows once to a player whose limits were never offered; "Not now" records it and closes', async () => {
    const { fake, user } = renderApp('/game', {
      session: 'user',
      routes: {
        [LIMITS]: () => ok({ playSafely: viewOf({ limitsOffered: false }) }),
        [SAVE]: () => ok({ playSafely: viewOf({ limitsOffered: true }) }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Set your limits' });
    expect(within(dialog).getByRole('group', { name: 'Loss limits' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set your limits' })).not.toBeInTheDocument());
    expect(fake.callsTo(SAVE)[0]!.body).toEqual({});
  });

  test('setting limits in the step saves them and closes it', async () => {
    const { fake, user } = renderApp('/wallet', {
      session: 'user',
      routes: {
        [LIMITS]: () => ok({ playSafely: viewOf({ limitsOffered: false }) }),
        [SAVE]: () => ok({ playSafely: viewOf({ limitsOffered: true, set: { deposit24h: { value: 1000 } } }) }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Set your limits' });
    await user.type(
      within(within(dialog).getByRole('group', { name: 'Deposit limits' })).getByRole('textbox', {
        name: /Per 24 hours/,
      }),
      '1000',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsTo(SAVE)[0]!.body).toEqual({ limits: { deposit24h: 1000 } });
  });

  test('is not shown once offered', async () => {
    renderApp('/wallet', {
      session: 'user',
      routes: { [LIMITS]: () => ok({ playSafely: viewOf({ limitsOffered: true }) }) },
    });
    expect(await screen.findByRole('link', { name: 'Play safely: set deposit and loss limits' })).toHaveAttribute(
      'href',
      '/play-safely',
    );
    expect(screen.queryByRole('dialog', { name: 'Set your limits' })).not.toBeInTheDocument();
  });
});
