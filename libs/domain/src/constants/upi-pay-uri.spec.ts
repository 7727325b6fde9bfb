import { upiPayUri } from './upi-pay-uri.js';

describe('UPI deep link', () => {
  it('carries the payee, the amount with 2 decimals and INR', () => {
    expect(upiPayUri({ payeeVpa: 'winround@ybl', payeeName: 'WinRound Games', amountPaise: 50_000 })).toBe(
      'upi://pay?pa=winround@ybl&pn=WinRound%20Games&am=500.00&cu=INR',
    );
  });

  it('adds an encoded note and keeps paise exact', () => {
    expect(upiPayUri({ payeeVpa: 'a@upi', payeeName: 'A', amountPaise: 10_050, note: 'Deposit #42 & more' })).toBe(
      'upi://pay?pa=a@upi&pn=A&am=100.50&cu=INR&tn=Deposit%20%2342%20%26%20more',
    );
  });

  it('refuses a zero amount', () => {
    expect(() => upiPayUri({ payeeVpa: 'a@upi', payeeName: 'A', amountPaise: 0 })).toThrow(RangeError);
  });
});
