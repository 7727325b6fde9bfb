import { PAYMENT_SEARCH_MESSAGES, parsePaymentPage, parsePaymentSearch } from './payment-search.js';

describe('the payments desk search box', () => {
  it('reads one text every way it can be: UTR, transaction id, player, amount', () => {
    expect(parsePaymentSearch('4321 0987 6543')).toEqual({
      ok: true,
      value: { prefix: '4321 0987 6543', utr: '432109876543', transactionId: null, id: null, amountPaise: null },
    });
    expect(parsePaymentSearch(' dep20261121k7q2m9xh4t ')).toMatchObject({
      ok: true,
      value: { transactionId: 'DEP20261121K7Q2M9XH4T', utr: 'DEP20261121K7Q2M9XH4T', amountPaise: null },
    });
    expect(parsePaymentSearch('Meera_K')).toMatchObject({ ok: true, value: { prefix: 'meera_k', amountPaise: null } });
    expect(parsePaymentSearch('₹1,500.50')).toMatchObject({ ok: true, value: { amountPaise: 150050, utr: null } });
    expect(parsePaymentSearch('250')).toMatchObject({ ok: true, value: { amountPaise: 25000 } });
    expect(parsePaymentSearch('0190C0DE-0000-7000-8000-000000000000')).toMatchObject({
      ok: true,
      value: { id: '0190c0de-0000-7000-8000-000000000000' },
    });
  });

  it('is no search when absent or blank', () => {
    expect(parsePaymentSearch(undefined)).toEqual({ ok: true, value: null });
    expect(parsePaymentSearch('   ')).toEqual({ ok: true, value: null });
  });

  it('refuses what is not one short line of text', () => {
    expect(parsePaymentSearch(['a', 'b'])).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.invalid });
    expect(parsePaymentSearch('meera\nDROP')).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.invalid });
    expect(parsePaymentSearch('x'.repeat(101))).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.tooLong });
  });

  it('never reads zero, negatives or fractions of a paisa as an amount', () => {
    for (const text of ['0', '-100', '12.345', '1e3'])
      expect(parsePaymentSearch(text)).toMatchObject({ ok: true, value: { amountPaise: null } });
  });

  it('pages: whole numbers within bounds, the first 500 by default', () => {
    expect(parsePaymentPage(undefined, undefined)).toEqual({ ok: true, value: { limit: 500, offset: 0 } });
    expect(parsePaymentPage('50', '100')).toEqual({ ok: true, value: { limit: 50, offset: 100 } });
    expect(parsePaymentPage('0', undefined)).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.limit });
    expect(parsePaymentPage('501', undefined)).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.limit });
    expect(parsePaymentPage('ten', undefined)).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.limit });
    expect(parsePaymentPage('10', '-1')).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.offset });
    expect(parsePaymentPage('10', ['1', '2'])).toEqual({ ok: false, error: PAYMENT_SEARCH_MESSAGES.offset });
  });
});
