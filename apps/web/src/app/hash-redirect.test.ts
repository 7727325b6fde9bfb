import { appPathOfHash, redirectHashRoute } from './hash-redirect';

const ORIGIN = 'https://winround.example';

test('a share link origin#/profile/{id} becomes the path /profile/{id}', () => {
  const replaceState = vi.fn();
  expect(redirectHashRoute({ hash: '#/profile/6650ab12', origin: ORIGIN }, { replaceState })).toBe('/profile/6650ab12');
  expect(replaceState).toHaveBeenCalledWith(null, '', '/profile/6650ab12');
});

test('other hashes are left alone', () => {
  const replaceState = vi.fn();
  expect(redirectHashRoute({ hash: '#how-to-play', origin: ORIGIN }, { replaceState })).toBeNull();
  expect(redirectHashRoute({ hash: '', origin: ORIGIN }, { replaceState })).toBeNull();
  expect(replaceState).not.toHaveBeenCalled();
});

test('only same-origin app paths are taken', () => {
  expect(appPathOfHash('#/profile/abc?ref=share', ORIGIN)).toBe('/profile/abc?ref=share');
  expect(appPathOfHash('#/game', ORIGIN)).toBe('/game');
  expect(appPathOfHash('#/admin/dashboard', ORIGIN)).toBe('/admin/dashboard');
  expect(appPathOfHash('#/', ORIGIN)).toBe('/');
  for (const hash of [
    '#//evil.example/x',
    '#/\\evil.example/x',
    '#/\\/evil.example',
    '#///evil.example',
    '#/api/v1/user/profile',
    '#/nothing-here',
    '#/profile/a\u0000b',
    '#/%2F%2Fevil.example',
  ]) {
    expect([hash, appPathOfHash(hash, ORIGIN)]).toEqual([hash, null]);
  }
});

test('opening /#//evil.example/x leaves the address alone, and a browser refusing the rewrite never stops the app', () => {
  const replaceState = vi.fn(() => {
    throw new DOMException("Failed to execute 'replaceState' on 'History'", 'SecurityError');
  });
  expect(redirectHashRoute({ hash: '#//evil.example/x', origin: ORIGIN }, { replaceState })).toBeNull();
  expect(replaceState).not.toHaveBeenCalled();
  expect(() => redirectHashRoute({ hash: '#/profile/1', origin: ORIGIN }, { replaceState })).not.toThrow();
  expect(redirectHashRoute({ hash: '#/profile/1', origin: ORIGIN }, { replaceState })).toBeNull();
});

test('works against the real window location', () => {
  window.history.replaceState(null, '', '/#/profile/abc?ref=share');
  redirectHashRoute();
  expect(window.location.pathname).toBe('/profile/abc');
  expect(window.location.search).toBe('?ref=share');
  expect(window.location.hash).toBe('');
  window.history.replaceState(null, '', '/#//evil.example/x');
  expect(redirectHashRoute()).toBeNull();
  expect(window.location.pathname).toBe('/');
  expect(window.location.hash).toBe('#//evil.example/x');
});
