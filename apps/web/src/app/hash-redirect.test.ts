import { redirectHashRoute } from './hash-redirect';

test('a share link origin#/profile/{id} becomes the path /profile/{id}', () => {
  const replaceState = vi.fn();
  expect(redirectHashRoute({ hash: '#/profile/6650ab12' }, { replaceState })).toBe('/profile/6650ab12');
  expect(replaceState).toHaveBeenCalledWith(null, '', '/profile/6650ab12');
});

test('other hashes are left alone', () => {
  const replaceState = vi.fn();
  expect(redirectHashRoute({ hash: '#how-to-play' }, { replaceState })).toBeNull();
  expect(redirectHashRoute({ hash: '' }, { replaceState })).toBeNull();
  expect(replaceState).not.toHaveBeenCalled();
});

test('works against the real window location', () => {
  window.history.replaceState(null, '', '/#/profile/abc?ref=share');
  redirectHashRoute();
  expect(window.location.pathname).toBe('/profile/abc');
  expect(window.location.search).toBe('?ref=share');
  expect(window.location.hash).toBe('');
});
