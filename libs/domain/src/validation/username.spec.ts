import { usernameSkeleton } from './username-skeleton.js';
import {
  isReservedUsername,
  loadUsernameSkeleton,
  normalizeUsername,
  USERNAME_MAX_LENGTH,
  USERNAME_MESSAGE,
  USERNAME_MESSAGES,
  USERNAME_MIN_LENGTH,
  usernameError,
} from './username.js';

describe('the username rule', () => {
  it('takes 3 to 30 letters, digits, spaces, dots, underscores or hyphens', () => {
    for (const name of [
      'Ravi',
      'ravi_k.99',
      'Ravi Kumar-2',
      'abc',
      'a'.repeat(USERNAME_MAX_LENGTH),
      'रवि कुमार',
      'Zoë',
      '99 problems',
      'किंग खान',
    ]) {
      expect(usernameError(name)).toBeNull();
    }
  });

  it('refuses names too short or too long, counted in characters', () => {
    expect(usernameError('ab')).toBe(USERNAME_MESSAGE);
    expect(usernameError('')).toBe(USERNAME_MESSAGE);
    expect(usernameError('a'.repeat(USERNAME_MAX_LENGTH + 1))).toBe(USERNAME_MESSAGE);
    expect(usernameError('😀'.repeat(USERNAME_MIN_LENGTH))).toBe(USERNAME_MESSAGE); // characters, yet not letters
    expect(usernameError('ééé')).toBeNull(); // three characters, not six code units
  });

  it('refuses other characters', () => {
    for (const name of ['ravi@home', '<script>', 'ravi/k', 'drop;table', 'ravi\u200dk'])
      expect(usernameError(name)).toBe(USERNAME_MESSAGE);
  });

  it('is checked on the NFKC form, with one space per gap, trimmed', () => {
    expect(normalizeUsername('  ｂｏｓｓ  ')).toBe('boss');
    expect(normalizeUsername('Ravi \u00a0\t Kumar')).toBe('Ravi Kumar');
    expect(normalizeUsername('Zoe\u0308')).toBe('Zoë');
    expect(normalizeUsername('ﬁsh')).toBe('fish');
    expect(usernameError('ＡＢ')).toBe(USERNAME_MESSAGE); // two letters, however wide
    expect(usernameError('ravi\nkumar')).toBeNull(); // the line break is a gap
  });

  it('must start with a letter or a digit', () => {
    for (const name of ['.ravi', '_ravi', '-ravi', '..', '- -'])
      expect(usernameError(name)).toBe(name.length < 3 ? USERNAME_MESSAGE : USERNAME_MESSAGES.start);
    expect(usernameError('9ravi')).toBeNull();
    expect(usernameError('ravi.')).toBeNull();
  });

  it('refuses invisible code points: boss with a combining grapheme joiner, two letters and three Khmer inherent vowels', () => {
    for (const name of ['boss\u034f', 'ab\u17b4\u17b4\u17b4', 'ravi\ufe0f', '\u3164abc', 'ab\u115fc', 'ravi\u180b']) {
      expect(usernameError(name)).toBe(USERNAME_MESSAGES.hidden);
    }
  });

  it('refuses a mark that sits on no letter, or too many on one', () => {
    for (const name of ['\u0301abc', 'ab \u0301c', 'ab1\u0301', 'ab_\u0308c', `x${'\u0301'.repeat(5)}bc`])
      expect(usernameError(name)).toBe(USERNAME_MESSAGES.hidden);
    expect(usernameError(`a${'\u0301\u0323'.repeat(2)}bc`)).toBeNull();
  });

  it('reserves staff and brand names, in any case and spelling', () => {
    for (const name of [
      'admin',
      'ADMIN',
      'Ad_min',
      'admin 2',
      'admin2024',
      'Support',
      'Ravi Support',
      'WinRound',
      'win round',
      'WinRound_fan',
      'super.admin',
      'root',
    ]) {
      expect([name, usernameError(name)]).toEqual([name, USERNAME_MESSAGES.reserved]);
    }
    for (const name of ['badminton', 'supporter', 'Ravi', 'rooted', 'Win Big'])
      expect([name, usernameError(name)]).toEqual([name, null]);
  });

  it('reserves look-alikes of staff names when given the skeleton', async () => {
    const skeleton = await loadUsernameSkeleton();
    const cyrillic = '\u0430dmin'; // а (Cyrillic) + dmin
    expect(usernameError(cyrillic)).toBeNull();
    expect(usernameError(cyrillic, { skeleton })).toBe(USERNAME_MESSAGES.reserved);
    expect(isReservedUsername('adrnin', { skeleton })).toBe(true); // r + n looks like m
    expect(isReservedUsername('W\u0456nRound', { skeleton })).toBe(true); // і (Cyrillic)
    expect(isReservedUsername('Ravi Kumar', { skeleton })).toBe(false);
  });

  it('says the limits it checks', () => {
    expect(USERNAME_MESSAGE).toBe(
      'Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.',
    );
    expect([USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH]).toEqual([3, 30]);
  });
});

describe('the confusable skeleton of a username', () => {
  it('is the same for names that look alike', () => {
    const boss = usernameSkeleton('boss');
    for (const name of ['BOSS', 'Boss', 'b\u03bfss', 'ｂｏｓｓ', 'b0ss', 'boss\u034f', 'bo\u0455s'])
      expect([name, usernameSkeleton(name)]).toEqual([name, boss]);
    expect(usernameSkeleton('paypal')).toBe(usernameSkeleton('p\u0430yp\u0430l'));
    expect(usernameSkeleton('modi')).toBe(usernameSkeleton('rnodi'));
    expect(usernameSkeleton('Ravll')).toBe(usernameSkeleton('RavI1'));
    expect(usernameSkeleton('RAVI')).not.toBe(usernameSkeleton('ravi')); // I looks like l, not i (lower(username) is unique apart)
  });

  it('differs for names that do not', () => {
    const names = ['ravi', 'ravu', 'Ravi Kumar', 'Ravi_Kumar', 'José', 'Jose', 'रवि', 'रवी'];
    expect(new Set(names.map(usernameSkeleton)).size).toBe(names.length);
  });

  it('is what loadUsernameSkeleton gives', async () => {
    expect(await loadUsernameSkeleton()).toBe(usernameSkeleton);
  });
});
