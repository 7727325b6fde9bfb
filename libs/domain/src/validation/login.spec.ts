import { validateLogin, validateLoginEmail, validateLoginPassword } from './login.js';

describe('login form', () => {
  it('an empty e-mail: Email is required', () => {
    expect(validateLoginEmail('')).toBe('Email is required');
    expect(validateLoginEmail('   ')).toBe('Email is required');
    expect(validateLoginEmail(undefined)).toBe('Email is required');
  });

  it.each([
    'ravi@yahoo.com',
    'ravi',
    'ravi@gmail',
    '@gmail.com',
    'ravi@gmail.com.evil.in',
    'ra vi@gmail.com',
    '.ravi@gmail.com',
  ])('%j: Please enter a valid Gmail address', (email) => {
    expect(validateLoginEmail(email)).toBe('Please enter a valid Gmail address');
  });

  it.each(['ravi@gmail.com', ' Ravi.Kumar@GMAIL.com ', 'ravi+play@gmail.com', 'r_k-1@gmail.com'])(
    '%j is accepted',
    (email) => {
      expect(validateLoginEmail(email)).toBeNull();
    },
  );

  it('the allowed domains come from configuration', () => {
    expect(validateLoginEmail('ravi@example.in', { allowedEmailDomains: ['example.in'] })).toBeNull();
    expect(validateLoginEmail('ravi@gmail.com', { allowedEmailDomains: ['example.in'] })).toBe(
      'Please enter a valid Gmail address',
    );
    expect(validateLoginEmail('ravi@gmail.com', { allowedEmailDomains: ['gmail.com', 'googlemail.com'] })).toBeNull();
  });

  it('a password shorter than 6, or missing: Password must be at least 6 characters long', () => {
    expect(validateLoginPassword('')).toBe('Password must be at least 6 characters long');
    expect(validateLoginPassword('12345')).toBe('Password must be at least 6 characters long');
    expect(validateLoginPassword(null)).toBe('Password must be at least 6 characters long');
    expect(validateLoginPassword('123456')).toBeNull();
  });

  it('a password longer than the 10-character input is not refused (registration and reset allow up to 128)', () => {
    expect(validateLoginPassword('0123456789abcdef')).toBeNull();
  });

  it('shows each field’s error, the e-mail’s first', () => {
    expect(validateLogin({ email: 'x@yahoo.com', password: '123' })).toEqual({
      ok: false,
      value: null,
      errors: { email: 'Please enter a valid Gmail address', password: 'Password must be at least 6 characters long' },
      error: 'Please enter a valid Gmail address',
    });
    expect(validateLogin({ email: 'x@gmail.com', password: '123' }).error).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('returns the normalised e-mail and the password untouched', () => {
    expect(validateLogin({ email: '  Ravi@Gmail.com ', password: ' secret ' })).toEqual({
      ok: true,
      value: { email: 'ravi@gmail.com', password: ' secret ' },
      errors: {},
      error: null,
    });
  });
});
