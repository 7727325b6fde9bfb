import { USERNAME_MAX_LENGTH, USERNAME_MESSAGE, USERNAME_MIN_LENGTH, usernameError } from './username.js';

describe('the username rule', () => {
  it('takes 3 to 30 letters, digits, spaces, dots, underscores or hyphens', () => {
    for (const name of ['Ravi', 'ravi_k.99', 'Ravi Kumar-2', 'abc', 'a'.repeat(USERNAME_MAX_LENGTH), 'रवि कुमार', 'Zoë']) expect(usernameError(name)).toBeNull();
  });

  it('refuses names too short or too long, counted in characters', () => {
    expect(usernameError('ab')).toBe(USERNAME_MESSAGE);
    expect(usernameError('')).toBe(USERNAME_MESSAGE);
    expect(usernameError('a'.repeat(USERNAME_MAX_LENGTH + 1))).toBe(USERNAME_MESSAGE);
    expect(usernameError('😀'.repeat(USERNAME_MIN_LENGTH))).toBe(USERNAME_MESSAGE); // characters, yet not letters
    expect(usernameError('ééé')).toBeNull(); // three characters, not six code units
  });

  it('refuses other characters', () => {
    for (const name of ['ravi@home', '<script>', 'ravi/k', 'ravi\nk', 'drop;table']) expect(usernameError(name)).toBe(USERNAME_MESSAGE);
  });

  it('says the limits it checks', () => {
    expect(USERNAME_MESSAGE).toBe('Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.');
    expect([USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH]).toEqual([3, 30]);
  });
});
