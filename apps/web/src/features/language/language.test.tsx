import {
  BET_MESSAGES,
  formatPaiseShort,
  paiseToDecimalString,
  PAYMENT_MESSAGES,
  PLAY_THROUGH_MESSAGES,
} from '@app/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n, languageFromBrowser, LANGUAGE_STORAGE_KEY, setLanguage } from '../../shared/i18n/i18n';
import { translateServerMessage } from '../../shared/i18n/server-messages';
import { playerTimeFormat } from '../../shared/india-time';
import { formatPaise, formatRupees } from '../../shared/money';
import { ok } from '../../test/fake-fetch';
import { PLAYER, renderApp } from '../../test/render-app';
import { signedIn } from '../auth/auth.slice';
import { registered } from '../register/register.slice';

const profile = (language: string) => () =>
  ok({
    user: {
      _id: PLAYER._id,
      email: PLAYER.email,
      name: PLAYER.name,
      firstLetter: 'A',
      joinDate: '2026-11-01T00:00:00.000Z',
      totalGames: 0,
      totalWinnings: 0,
      language,
    },
  });

describe('the language a player reads', () => {
  test('a first visit follows the browser: any Hindi → hi-IN, anything else → en-IN', () => {
    expect(languageFromBrowser(['hi'])).toBe('hi-IN');
    expect(languageFromBrowser(['hi-IN', 'en-IN'])).toBe('hi-IN');
    expect(languageFromBrowser(['en-US', 'hi'])).toBe('en-IN');
    expect(languageFromBrowser(['ta-IN'])).toBe('en-IN');
    expect(languageFromBrowser([])).toBe('en-IN');
    expect(languageFromBrowser(undefined)).toBe('en-IN');
  });

  test('a signed-out visitor finds the switch and the screen turns Hindi; the browser remembers it', async () => {
    const view = renderApp('/login', { session: 'signed-out' });
    await waitFor(() => expect(view.store.getState().auth.isLoading).toBe(false));
    const banner = await screen.findByRole('banner');
    await view.user.click(within(banner).getByTestId('language-switch'));
    expect(i18n.language).toBe('hi-IN');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi-IN');
    expect(within(banner).getByRole('link', { name: 'मदद' })).toBeInTheDocument();
    // Signed out, nothing is sent to the server.
    expect(view.fake.callsTo('PUT /user/language')).toHaveLength(0);
  });

  test('a signed-in player switches on the Games screen: Hindi at once, saved with the account, and back', async () => {
    const view = renderApp('/game', { session: 'user', routes: { 'PUT /user/language': profile('hi-IN') } });
    await screen.findByRole('heading', { name: 'Games' });
    await waitFor(() => expect(view.store.getState().auth.isAuthenticated).toBe(true));
    await view.user.click(screen.getByTestId('language-switch'));
    expect(await screen.findByRole('heading', { name: 'गेम्स' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'मुख्य' })).getByRole('link', { name: 'वॉलेट' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(view.fake.callsTo('PUT /user/language')).toHaveLength(1));
    expect(view.fake.callsTo('PUT /user/language')[0]!.body).toEqual({ language: 'hi-IN' });
    await view.user.click(screen.getByTestId('language-switch'));
    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    await waitFor(() => expect(view.fake.callsTo('PUT /user/language')).toHaveLength(2));
    expect(view.fake.callsTo('PUT /user/language')[1]!.body).toEqual({ language: 'en-IN' });
  });

  test('on sign-in the app speaks the language the account remembers', async () => {
    const view = renderApp('/login', { session: 'signed-out', routes: { 'GET /user/profile': profile('hi-IN') } });
    await waitFor(() => expect(view.store.getState().auth.isLoading).toBe(false));
    act(() => {
      view.store.dispatch(signedIn({ user: { id: PLAYER._id, name: PLAYER.name, email: PLAYER.email }, role: 'user' }));
    });
    await waitFor(() => expect(i18n.language).toBe('hi-IN'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi-IN');
  });

  test('right after registering, the language the newcomer read is saved to the new account instead', async () => {
    setLanguage('hi-IN');
    const view = renderApp('/login', {
      session: 'signed-out',
      routes: { 'GET /user/profile': profile('en-IN'), 'PUT /user/language': profile('hi-IN') },
    });
    await waitFor(() => expect(view.store.getState().auth.isLoading).toBe(false));
    act(() => {
      view.store.dispatch(registered());
      view.store.dispatch(signedIn({ user: { id: PLAYER._id, name: PLAYER.name, email: PLAYER.email }, role: 'user' }));
    });
    await waitFor(() => expect(view.fake.callsTo('PUT /user/language')).toHaveLength(1));
    expect(view.fake.callsTo('PUT /user/language')[0]!.body).toEqual({ language: 'hi-IN' });
    expect(i18n.language).toBe('hi-IN');
  });
});

describe('money and dates in the chosen language', () => {
  test('₹ with lakh and crore grouping in English and in Hindi, Latin digits in both', () => {
    for (const language of ['en-IN', 'hi-IN'] as const) {
      setLanguage(language);
      expect(formatPaise(10_000_000)).toBe('₹1,00,000.00');
      expect(formatPaise(123_456_789_00)).toBe('₹12,34,56,789.00');
      expect(formatRupees(-75.6)).toBe('-₹75.60');
    }
  });

  test("amounts are written as each language's Intl currency format writes them, digit for digit", () => {
    const amounts = [
      0,
      5,
      -5,
      99,
      100,
      7560,
      -7560,
      99_999,
      1_000_00,
      12_345_678,
      9_00_00_000_00,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const language of ['en-IN', 'hi-IN'] as const) {
      setLanguage(language);
      const intl = new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        numberingSystem: 'latn',
      });
      for (const paise of amounts)
        expect(formatPaise(paise)).toBe(intl.format(paiseToDecimalString(paise) as `${number}`));
      for (const rupees of [0.125, 1.005, -2.675, 182, 1e9 + 0.5])
        expect(formatRupees(rupees)).toBe(intl.format(rupees));
    }
  });

  test('dates are India time, with the month in the chosen language and Latin digits', () => {
    const format = playerTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });
    const instant = Date.parse('2026-11-20T20:00:00.000Z'); // already 21 November in India
    setLanguage('en-IN');
    expect(format.format(instant)).toBe('21 November 2026');
    setLanguage('hi-IN');
    expect(format.format(instant)).toBe('21 नवंबर 2026');
  });
});

describe("the server's messages in the player's language", () => {
  test("a refusal the server says in the domain's English shows in Hindi; an unknown text as received", () => {
    setLanguage('hi-IN');
    expect(translateServerMessage(BET_MESSAGES.insufficientBalance)).toBe('बैलेंस कम है।');
    expect(translateServerMessage(BET_MESSAGES.bettingClosed)).toBe('इस पीरियड के दांव बंद हो चुके हैं।');
    expect(translateServerMessage(PAYMENT_MESSAGES.utrUsed)).toBe('यह UTR नंबर पहले ही इस्तेमाल हो चुका है।');
    expect(translateServerMessage('Something the catalogue does not hold.')).toBe(
      'Something the catalogue does not hold.',
    );
    setLanguage('en-IN');
    expect(translateServerMessage(BET_MESSAGES.insufficientBalance)).toBe(BET_MESSAGES.insufficientBalance);
  });

  test('an answer with a figure, an address or an amount in it is said again with the same values', () => {
    setLanguage('hi-IN');
    expect(translateServerMessage('We have sent a 6-digit code to ravi.k@gmail.com. It is valid for 10 minutes.')).toBe(
      'हमने ravi.k@gmail.com पर 6 अंकों का कोड भेजा है। यह 10 मिनट तक मान्य है।',
    );
    expect(translateServerMessage('Incorrect code. 1 attempt left.')).toBe('गलत कोड। 1 कोशिश बाकी है।');
    expect(translateServerMessage('Incorrect code. 4 attempts left.')).toBe('गलत कोड। 4 कोशिशें बाकी हैं।');
    expect(translateServerMessage('Too many login attempts. Please try again in 15 minutes.')).toBe(
      'लॉगिन की बहुत ज़्यादा कोशिशें। कृपया 15 मिनट बाद फिर कोशिश करें।',
    );
    expect(translateServerMessage(PLAY_THROUGH_MESSAGES.playMore(125_050))).toBe(
      `निकासी से पहले आपको ${formatPaiseShort(125_050)} और खेलना होगा।`,
    );
    // Only the whole message matches: a longer text with the same start is shown as received.
    expect(translateServerMessage('Incorrect code. 4 attempts left. Or not.')).toBe(
      'Incorrect code. 4 attempts left. Or not.',
    );
    setLanguage('en-IN');
    expect(translateServerMessage('Incorrect code. 1 attempt left.')).toBe('Incorrect code. 1 attempt left.');
    expect(translateServerMessage('Incorrect code. 2 attempts left.')).toBe('Incorrect code. 2 attempts left.');
  });
});
