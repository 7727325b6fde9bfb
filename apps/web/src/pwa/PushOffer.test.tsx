import { act, screen } from '@testing-library/react';
import { createAppStore } from '../app/store';
import { summaryLoaded } from '../features/wallet/wallet.slice';
import { createApiClient } from '../shared/api';
import { createFakeFetch, memoryTokens, ok } from '../test/fake-fetch';
import { renderWithStore } from '../test/render-app';
import { keyBytes } from './browser-push';
import { PushOffer } from './PushOffer';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://push.example/send/abc',
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};

/** jsdom has no Notification, PushManager nor service worker: the browser's side, as a phone's Chromium answers. */
function browserWithPush(answer: NotificationPermission) {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { subscribe } }) },
  });
  return { subscribe, requestPermission };
}

const SUMMARY = { balance: 500, bonusBalance: 0, isEligibleForWithdrawal: true, playThroughLeft: 0 };

function setUp(publicKey: string | null) {
  const fake = createFakeFetch({
    'GET /push/key': () => ok({ publicKey }),
    'PUT /push/subscription': () => ok({ subscribed: true }),
  });
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
  return { fake, store };
}

describe('the push offer', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is made after a first deposit, asks the browser only on Turn on, and saves the subscription', async () => {
    const browser = browserWithPush('granted');
    const { fake, store } = setUp(KEY);
    store.dispatch(summaryLoaded({ ...SUMMARY, isActive: false } as never));
    const { user } = renderWithStore(<PushOffer />, { store });
    expect(screen.queryByText('Hear about your money on this phone')).toBeNull();
    expect(fake.callsTo('GET /push/key')).toHaveLength(0);

    act(() => void store.dispatch(summaryLoaded({ ...SUMMARY, isActive: true } as never)));
    expect(await screen.findByText('Hear about your money on this phone')).toBeVisible();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expect(store.getState().push.status).toBe('on'));
    expect(store.getState().toasts.items.map((t) => t.message)).toContain('Notifications are on for this phone.');
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(fake.callsTo('PUT /push/subscription').map((c) => c.body)).toEqual([SUBSCRIPTION]);
    expect(screen.queryByText('Hear about your money on this phone')).toBeNull();
  });

  it('saves nothing when the player refuses in the browser, and is not made when the server has push off', async () => {
    browserWithPush('denied');
    const on = setUp(KEY);
    on.store.dispatch(summaryLoaded({ ...SUMMARY, isActive: true } as never));
    const { user, unmount } = renderWithStore(<PushOffer />, { store: on.store });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expect(on.store.getState().push.status).toBe('declined'));
    expect(on.fake.callsTo('PUT /push/subscription')).toHaveLength(0);
    unmount();

    const off = setUp(null);
    off.store.dispatch(summaryLoaded({ ...SUMMARY, isActive: true } as never));
    renderWithStore(<PushOffer />, { store: off.store });
    await vi.waitFor(() => expect(off.store.getState().push.publicKey).toBeNull());
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('keeps Not now: the offer does not come back', async () => {
    browserWithPush('granted');
    const { store } = setUp(KEY);
    store.dispatch(summaryLoaded({ ...SUMMARY, isActive: true } as never));
    const { user, unmount } = renderWithStore(<PushOffer />, { store });
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    unmount();
    renderWithStore(<PushOffer />, { store });
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('turns the base64url key into its 65 bytes', () => {
    expect(keyBytes(KEY)).toHaveLength(65);
    expect(keyBytes(KEY)[0]).toBe(4);
  });
});
