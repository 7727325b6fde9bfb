import { memorySessionHint } from '../shared/api';
import { guardBackForwardRestore } from './back-forward-guard';

function pageshow(persisted: boolean): Event {
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
}

describe('a page restored from the back/forward cache', () => {
  afterEach(() => {
    document.documentElement.style.visibility = '';
  });

  test('after a sign-out it is hidden and reloaded instead of showing its old (protected) screen', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    const hint = memorySessionHint(true);
    guardBackForwardRestore(target as unknown as Window, hint, reload);
    hint.clear();
    target.dispatchEvent(pageshow(true));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.documentElement.style.visibility).toBe('hidden');
  });

  test('a signed-in restore, or a normal load, is left alone', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    guardBackForwardRestore(target as unknown as Window, memorySessionHint(true), reload);
    target.dispatchEvent(pageshow(true));
    target.dispatchEvent(pageshow(false));
    expect(reload).not.toHaveBeenCalled();
    expect(document.documentElement.style.visibility).toBe('');
  });
});
