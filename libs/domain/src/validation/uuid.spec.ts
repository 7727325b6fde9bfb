import { isUuid, UUID_PATTERN } from './uuid.js';

describe('UUID text', () => {
  const id = '0190f5a2-7b3c-7d4e-8f60-123456789abc';

  it('the pattern takes the canonical (lower-case) form of any version only', () => {
    expect(UUID_PATTERN.test(id)).toBe(true);
    expect(UUID_PATTERN.test('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(UUID_PATTERN.test(id.toUpperCase())).toBe(false);
    expect(UUID_PATTERN.test(id.replaceAll('-', ''))).toBe(false);
    expect(UUID_PATTERN.test(`${id}0`)).toBe(false);
    expect(UUID_PATTERN.test(`${id}\n`)).toBe(false);
  });

  it('isUuid takes any letter case, as Postgres does', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
