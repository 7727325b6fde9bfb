import { LruCache } from './lru.js';

describe('LruCache', () => {
  it('keeps at most its capacity, dropping the entry unused the longest', () => {
    const cache = new LruCache<number, string>(2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    expect(cache.get(1)).toBe('a');
    cache.set(3, 'c');
    expect([cache.get(1), cache.get(2), cache.get(3), cache.size]).toEqual(['a', undefined, 'c', 2]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
