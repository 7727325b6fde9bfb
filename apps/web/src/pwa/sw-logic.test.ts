import { navigationAnswer, pushNotification } from './sw-logic';

describe('the service worker', () => {
  it('answers a navigation with the shell online, the offline page offline, and leaves the server paths alone', () => {
    expect(navigationAnswer('/game', true)).toBe('shell');
    expect(navigationAnswer('/', true)).toBe('shell');
    expect(navigationAnswer('/wallet', false)).toBe('offline');
    for (const path of ['/api/v1/wallet', '/socket.io/', '/metrics'])
      for (const online of [true, false]) expect(navigationAnswer(path, online)).toBe('network');
    expect(navigationAnswer('/apix', true)).toBe('shell');
  });

  it('shows a push only with a title, and opens only a path of the app', () => {
    expect(pushNotification(null)).toBeNull();
    expect(pushNotification({ body: 'x' })).toBeNull();
    expect(pushNotification({ title: 'Deposit approved', body: '₹500.00', url: '/wallet', tag: 't1' })).toEqual({
      title: 'Deposit approved',
      body: '₹500.00',
      tag: 't1',
      url: '/wallet',
    });
    expect(pushNotification({ title: 'x', url: 'https://evil.example/' })!.url).toBe('/wallet');
    expect(pushNotification({ title: 'x', url: '//evil.example/' })!.url).toBe('/wallet');
  });
});
