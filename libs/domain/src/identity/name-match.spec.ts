import { namesMatch, nameWords } from './name-match.js';

describe("a payout account's holder name against the verified name", () => {
  it('normalises case, accents, dots, spaces and honorifics', () => {
    expect(nameWords('  Mr.  RAVI   Kumár ')).toEqual(['ravi', 'kumar']);
    expect(namesMatch('Ravi Kumar', 'RAVI  KUMAR')).toBe(true);
    expect(namesMatch('Ravi Kumar', 'Shri Ravi Kumar')).toBe(true);
    expect(namesMatch('Ravi Kumar', 'ravi.kumar')).toBe(true);
  });

  it('takes the words in any order, an initial for a word, and the name written without spaces', () => {
    expect(namesMatch('Ravi Kumar', 'Kumar Ravi')).toBe(true);
    expect(namesMatch('Ravi Kumar Sharma', 'R. K. Sharma')).toBe(true);
    expect(namesMatch('Ravi Kumar Sharma', 'Sharma R K')).toBe(true);
    expect(namesMatch('R K Sharma', 'Ravi Kumar Sharma')).toBe(true);
    expect(namesMatch('Ravi Kumar', 'RAVIKUMAR')).toBe(true);
  });

  it('flags another person, a missing or extra word, and initials alone', () => {
    expect(namesMatch('Ravi Kumar', 'Suresh Kumar')).toBe(false);
    expect(namesMatch('Ravi Kumar Sharma', 'Ravi Sharma')).toBe(false);
    expect(namesMatch('Ravi Sharma', 'Ravi Kumar Sharma')).toBe(false);
    expect(namesMatch('Ravi Kumar', 'R K')).toBe(false);
    expect(namesMatch('Ravi Kumar', 'S. Kumar')).toBe(false);
    expect(namesMatch('Ravi Kumar', '')).toBe(false);
  });
});
