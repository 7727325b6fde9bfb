import { displayName, firstLetter, maskEmail } from './profile-display.js';

describe('profile display', () => {
  it('the name falls back to the part of the e-mail before @', () => {
    expect(displayName('Ravi Kumar', 'ravi@gmail.com')).toBe('Ravi Kumar');
    expect(displayName('  ', 'ravi.k@gmail.com')).toBe('ravi.k');
    expect(displayName(null, undefined)).toBe('');
  });

  it('the avatar initial is the first letter, upper-cased', () => {
    expect(firstLetter('ravi')).toBe('R');
    expect(firstLetter('', 'zoya@gmail.com')).toBe('Z');
    expect(firstLetter('')).toBe('');
  });

  it('another player’s e-mail is masked', () => {
    expect(maskEmail('rahul.k@gmail.com')).toBe('ra****@gmail.com');
    expect(maskEmail('ab@gmail.com')).toBe('a****@gmail.com');
    expect(maskEmail('a@gmail.com')).toBe('a****@gmail.com');
    expect(maskEmail('nope')).toBe('****');
    expect(maskEmail(undefined)).toBe('****');
  });
});
