import { validateRegister } from '../validation/register.js';
import { ageOn, DATE_OF_BIRTH_MESSAGES, dateOfBirthError, isAdultOn, latestAdultBirthDate } from './date-of-birth.js';

describe('date of birth: 18 or older on the IST date', () => {
  it('counts whole years on the IST date: the 18th birthday is the first adult day', () => {
    expect(ageOn('2008-11-29', '2026-11-28')).toBe(17);
    expect(ageOn('2008-11-29', '2026-11-29')).toBe(18);
    expect(isAdultOn('2008-11-29', '2026-11-28')).toBe(false);
    expect(isAdultOn('2008-11-29', '2026-11-29')).toBe(true);
    expect(isAdultOn('1990-01-01', '2026-11-29')).toBe(true);
  });

  it('a 29 February birth turns 18 on 1 March in a year without a 29 February, on the 29th in a leap year', () => {
    expect(isAdultOn('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdultOn('2008-02-29', '2026-03-01')).toBe(true);
    expect(isAdultOn('2014-02-29', '2032-02-28')).toBe(false);
    expect(isAdultOn('2014-02-29', '2032-02-29')).toBe(true);
  });

  it("refuses anyone younger with the terms' words, and dates that are not a birth", () => {
    expect(dateOfBirthError('2008-11-30', '2026-11-29')).toBe('You must be 18 or older to play.');
    expect(dateOfBirthError(' 2008-11-29 ', '2026-11-29')).toBeNull();
    expect(dateOfBirthError('2026-11-30', '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.invalid);
    expect(dateOfBirthError('1899-12-31', '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.invalid);
    expect(dateOfBirthError('2001-02-29', '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.invalid);
    expect(dateOfBirthError('29/11/2000', '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.invalid);
    expect(dateOfBirthError(20001129, '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.invalid);
    expect(dateOfBirthError('', '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.required);
    expect(dateOfBirthError(undefined, '2026-11-29')).toBe(DATE_OF_BIRTH_MESSAGES.required);
  });

  it("the date input's latest date is the youngest adult's birthday", () => {
    expect(latestAdultBirthDate('2026-11-29')).toBe('2008-11-29');
    expect(latestAdultBirthDate('2028-02-29')).toBe('2010-02-28');
    expect(dateOfBirthError(latestAdultBirthDate('2028-02-29'), '2028-02-29')).toBeNull();
  });
});

describe('registration asks for the date of birth', () => {
  const details = {
    username: 'ravi_k',
    email: 'ravi.k@gmail.com',
    password: 'sunrise42',
    confirmPassword: 'sunrise42',
    terms: true,
  };

  it('the form requires it ("All fields are required"); an API client older than the field may omit it', () => {
    expect(validateRegister(details, { requireDateOfBirth: true, today: '2026-11-29' })).toMatchObject({
      ok: false,
      errors: { dateOfBirth: 'All fields are required' },
    });
    expect(validateRegister(details, { today: '2026-11-29' })).toMatchObject({
      ok: true,
      value: { username: 'ravi_k' },
    });
    expect(validateRegister(details, { today: '2026-11-29' }).value).not.toHaveProperty('dateOfBirth');
  });

  it('refuses under-18s and keeps the date of an adult', () => {
    expect(validateRegister({ ...details, dateOfBirth: '2010-05-05' }, { today: '2026-11-29' })).toMatchObject({
      ok: false,
      error: 'You must be 18 or older to play.',
    });
    expect(
      validateRegister({ ...details, dateOfBirth: '2000-05-05' }, { requireDateOfBirth: true, today: '2026-11-29' }),
    ).toMatchObject({ ok: true, value: { dateOfBirth: '2000-05-05' } });
  });
});
