import { emailIdentityKey } from './email.js';

describe('e-mail identity (one account per person)', () => {
  it('Gmail: case, dots and a +tag are ignored; googlemail.com is gmail.com', () => {
    for (const alias of [
      'ravikumar@gmail.com',
      'Ravi.Kumar@gmail.com',
      'r.a.v.i.kumar+win@gmail.com',
      ' RAVIKUMAR+1+2@GMAIL.COM ',
      'ravi.kumar@googlemail.com',
    ]) {
      expect({ alias, key: emailIdentityKey(alias) }).toEqual({ alias, key: 'ravikumar@gmail.com' });
    }
    expect(emailIdentityKey('ravikumar2@gmail.com')).toBe('ravikumar2@gmail.com');
  });

  it('other domains: case and a +tag are ignored, dots are not', () => {
    expect(emailIdentityKey('Ravi.Kumar+Games@Corp.in')).toBe('ravi.kumar@corp.in');
    expect(emailIdentityKey('ravikumar@corp.in')).toBe('ravikumar@corp.in');
  });

  it('a local part starting with + keeps it; anything without @ is only lower-cased', () => {
    expect(emailIdentityKey('+tag@corp.in')).toBe('+tag@corp.in');
    expect(emailIdentityKey('NoAt')).toBe('noat');
    expect(emailIdentityKey(undefined)).toBe('');
  });
});
