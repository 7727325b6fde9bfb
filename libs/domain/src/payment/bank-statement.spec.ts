import {
  matchClaimToStatement,
  parseBankStatement,
  parseCsvRows,
  payerAgrees,
  statementAmountPaise,
  statementByUtr,
} from './bank-statement.js';

const STATEMENT = [
  '\uFEFFTxn Date,UTR No.,Payer Name,Credit Amount',
  '21-11-2026 10:12,412345678901,RAVI KUMAR / ravi.kumar@okaxis,"1,500.00"',
  '21-11-2026 10:20,4123 4567 8902,ASHA RAO,500',
  '21-11-2026 10:31,412345678903,"SHARMA, PRIYA",₹2000',
  '21-11-2026 10:40,412345678904,MEERA KRISHNAMURTH,100.50',
  '21-11-2026 11:00,,ATM WITHDRAWAL,',
  '',
].join('\r\n');

describe('reading a bank statement (CSV)', () => {
  it('splits quoted fields with commas and doubled quotes', () => {
    expect(parseCsvRows('a,"b, c","say ""hi"""\n1,2,3')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });

  it('finds the columns by name, reads amounts in rupees to paise, strips a UTR’s spaces, skips debit lines', () => {
    const statement = parseBankStatement(STATEMENT);
    expect(statement.error).toBeNull();
    expect(statement.problems).toEqual([]);
    expect(statement.entries).toEqual([
      {
        utrNumber: '412345678901',
        amountPaise: 150_000,
        payer: 'RAVI KUMAR / ravi.kumar@okaxis',
        time: '21-11-2026 10:12',
        line: 2,
      },
      { utrNumber: '412345678902', amountPaise: 50_000, payer: 'ASHA RAO', time: '21-11-2026 10:20', line: 3 },
      { utrNumber: '412345678903', amountPaise: 200_000, payer: 'SHARMA, PRIYA', time: '21-11-2026 10:31', line: 4 },
      {
        utrNumber: '412345678904',
        amountPaise: 10_050,
        payer: 'MEERA KRISHNAMURTH',
        time: '21-11-2026 10:40',
        line: 5,
      },
    ]);
  });

  it('says which lines it could not read, and keeps the first of a repeated UTR', () => {
    const statement = parseBankStatement(
      'utr,amount\n412345678901,100\nnot-a-utr,100\n412345678902,ten\n412345678901,200\n',
    );
    expect(statement.entries).toEqual([
      { utrNumber: '412345678901', amountPaise: 10_000, payer: '', time: '', line: 2 },
    ]);
    expect(statement.problems).toEqual([
      "Line 3: 'not-a-utr' is not a UTR.",
      "Line 4: 'ten' is not an amount.",
      'Line 5: UTR 412345678901 appears twice; the first is used.',
    ]);
  });

  it('refuses a file without the UTR and amount columns, an empty one, and one with no credit', () => {
    expect(parseBankStatement('date,narration\n1,2').error).toBe(
      'The first line must name the columns: UTR, amount, and optionally payer and time.',
    );
    expect(parseBankStatement('\n\n').error).toBe('The file has no lines.');
    expect(parseBankStatement('utr,amount\nx,1').error).toBe('No credit could be read from the file.');
    expect(parseBankStatement('x'.repeat(5_000_001)).error).toBe(
      'The file is too large for a bank statement (at most 5 MB).',
    );
  });

  it.each([
    ['1,500.00', 150_000],
    ['₹ 1,500', 150_000],
    ['INR 99.5', 9_950],
    ['Rs. 100', 10_000],
    ['250 CR', 25_000],
    ['-500', null],
    ['0', null],
    ['12.345', null],
    ['abc', null],
  ])('amount %j → %j paise', (text, paise) => {
    expect(statementAmountPaise(text)).toBe(paise);
  });
});

describe('does the payer agree with the statement', () => {
  it.each([
    ['ravi.kumar@okaxis', 'RAVI KUMAR / RAVI.KUMAR@OKAXIS', true],
    ['ravi.kumar@okaxis', 'thief@ybl', false],
    ['ravi.kumar@okaxis', 'RAVI KUMAR', null],
    ['Ravi Kumar', 'RAVI KUMAR', true],
    ['Ravi  Kumar', 'ravi.kumar@okaxis RAVI KUMAR', true],
    ['Dr. S. P. Iyer', 'DR S P IYER', true],
    ['Meera Krishnamurthy', 'MEERA KRISHNAMURTH', true],
    ['Meera Krishnamurthy', 'MEERA', true],
    ['Meera', 'MEERA KRISHNAMURTHY', false],
    ['Q Thief', 'RAVI KUMAR', false],
    ['Ravi Kumar', '', null],
    ['Ravi Kumar', 'ravi@okaxis', null],
  ])('%j against %j: %j', (claimed, statementPayer, agrees) => {
    expect(payerAgrees(claimed, statementPayer)).toBe(agrees);
  });
});

describe('a pending claim against the statement', () => {
  const statement = statementByUtr(parseBankStatement(STATEMENT));

  it('matched: the UTR, the amount and the payer agree', () => {
    expect(
      matchClaimToStatement({ utrNumber: '412345678901', amountPaise: 150_000, payer: 'ravi.kumar@okaxis' }, statement),
    ).toMatchObject({
      verdict: 'matched',
      reasons: [],
      entry: { line: 2 },
    });
  });

  it('mismatched: each disagreement said — the amount, the payer, a payer not given or not comparable', () => {
    expect(
      matchClaimToStatement({ utrNumber: '412345678901', amountPaise: 200_000, payer: 'Q THIEF' }, statement),
    ).toMatchObject({
      verdict: 'mismatched',
      reasons: ['Statement amount ₹1,500.00', 'Statement payer RAVI KUMAR / ravi.kumar@okaxis'],
    });
    expect(
      matchClaimToStatement({ utrNumber: '412345678902', amountPaise: 50_000, payer: null }, statement).reasons,
    ).toEqual(['Payer not given; statement payer ASHA RAO']);
    expect(
      matchClaimToStatement({ utrNumber: '412345678902', amountPaise: 50_000, payer: 'asha@ybl' }, statement).reasons,
    ).toEqual(['Payer cannot be compared; statement payer ASHA RAO']);
  });

  it('missing: the UTR is not in the statement', () => {
    expect(
      matchClaimToStatement({ utrNumber: '999999999999', amountPaise: 50_000, payer: 'ASHA RAO' }, statement),
    ).toEqual({ verdict: 'missing', reasons: ['Not in the statement'], entry: null });
  });
});
