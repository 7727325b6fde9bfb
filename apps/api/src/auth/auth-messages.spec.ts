import { AUTH_MESSAGES } from './auth-messages.js';

// The app says these answers again in the player's language by matching them, figures and all, against its
// catalogue (apps/web/src/locales/en-IN.ts `serverFigures`, tested in apps/web/src/features/language): a change of
// words here needs the same change there, or the player reads the English.
describe("the server's answers with figures, word for word as the web catalogue holds them", () => {
  it('counts of attempts and minutes, singular and plural', () => {
    expect(AUTH_MESSAGES.codeWrong(1)).toBe('Incorrect code. 1 attempt left.');
    expect(AUTH_MESSAGES.codeWrong(4)).toBe('Incorrect code. 4 attempts left.');
    expect(AUTH_MESSAGES.tooManyLogins(1)).toBe('Too many login attempts. Please try again in 1 minute.');
    expect(AUTH_MESSAGES.tooManyLogins(15)).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(AUTH_MESSAGES.tooManyCodes(2)).toBe('Too many codes requested. Please try again in 2 minutes.');
    expect(AUTH_MESSAGES.tooManyResets(2)).toBe('Too many password reset attempts. Please try again in 2 minutes.');
    expect(AUTH_MESSAGES.tooManyCodeChecks(2)).toBe('Too many code attempts. Please try again in 2 minutes.');
    expect(AUTH_MESSAGES.tooManySecretChecks(2)).toBe('Too many attempts. Please try again in 2 minutes.');
  });
  it('the address a code was sent to', () => {
    expect(AUTH_MESSAGES.codeSent('ravi@gmail.com')).toBe(
      'We have sent a 6-digit code to ravi@gmail.com. It is valid for 10 minutes.',
    );
  });
});
