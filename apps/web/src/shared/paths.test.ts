import { playerReturnPath, readLoginRouteState, sameOriginAppPath } from './paths';

const ORIGIN = 'https://winround.example';

describe('where a player lands after signing in', () => {
  test('back to the page that was asked for, with its query and fragment', () => {
    expect(playerReturnPath('/wallet', ORIGIN)).toBe('/wallet');
    expect(playerReturnPath('/wallet/statement?from=2026-11-01#top', ORIGIN)).toBe(
      '/wallet/statement?from=2026-11-01#top',
    );
    expect(playerReturnPath('/profile/42', ORIGIN)).toBe('/profile/42');
  });

  test.each([
    [undefined],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/wallet'],
    ['javascript:alert(1)'],
    ['/nowhere'],
    ['/login'],
    ['/register?ref=x'],
    ['/'],
    ['/admin/dashboard'],
    ['/wallet\u0000'],
  ])('never to %j: the games instead', (from) => {
    expect(playerReturnPath(from, ORIGIN)).toBe('/game');
  });

  test('sameOriginAppPath refuses another origin and paths of no route', () => {
    expect(sameOriginAppPath('/game', ORIGIN)).toBe('/game');
    expect(sameOriginAppPath('//evil.example', ORIGIN)).toBeNull();
    expect(sameOriginAppPath('game', ORIGIN)).toBeNull();
  });

  test('the route state keeps only strings', () => {
    expect(readLoginRouteState({ email: 'ravi@gmail.com', from: '/wallet' })).toEqual({
      email: 'ravi@gmail.com',
      from: '/wallet',
    });
    expect(readLoginRouteState({ email: 42, from: null })).toEqual({});
    expect(readLoginRouteState(null)).toEqual({});
    expect(readLoginRouteState('x')).toEqual({});
  });
});
