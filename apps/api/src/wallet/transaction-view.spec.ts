import type { TransactionRow } from '@app/db';
import { fullBankDetails, maskAccountNumber, signedPaise, toTransaction } from './transaction-view.js';
import { newTransactionId } from '@app/ledger';

const row = (overrides: Partial<TransactionRow>): TransactionRow => ({
  id: '7d0e7c1e-3f5b-4a8e-9a57-2f4b9c1d0e11',
  transaction_id: 'WDR20261121ABCDEFGHJK',
  user_id: 'u',
  wallet_id: 'w',
  type: 'WITHDRAWAL',
  method: 'BANK_TRANSFER',
  status: 'PENDING',
  amount: 250_050,
  description: 'Withdrawal to bank account XXXXXXXX7890',
  utr_number: null,
  upi_app: null,
  upi_id: null,
  bank_account_number: '001234567890',
  bank_ifsc: 'SBIN0001234',
  bank_holder_name: 'Asha Rao',
  admin_notes: null,
  reviewed_by: null,
  reviewed_at: null,
  ist_day: '2026-11-21',
  referred_user_id: null,
  play_check: null,
  name_check: null,
  payer: null,
  created_at: new Date('2026-11-21T04:30:00Z'),
  updated_at: new Date('2026-11-21T04:30:00Z'),
  ...overrides,
});

describe('transaction as the player sees it', () => {
  it('masks an account number except its last 4 characters', () => {
    expect(maskAccountNumber('001234567890')).toBe('XXXXXXXX7890');
    expect(maskAccountNumber('123456')).toBe('XX3456');
    expect(maskAccountNumber('1234')).toBe('1234');
  });

  it('signs money out negative and money in positive', () => {
    expect(signedPaise({ type: 'WITHDRAWAL', amount: 500 })).toBe(-500);
    expect(signedPaise({ type: 'DEPOSIT', amount: 500 })).toBe(500);
    expect(signedPaise({ type: 'BONUS', amount: 500 })).toBe(500);
    expect(signedPaise({ type: 'REFUND', amount: 500 })).toBe(500);
  });

  it('converts to rupees, masks the bank account, and keeps the raw method', () => {
    expect(toTransaction(row({}))).toEqual({
      _id: '7d0e7c1e-3f5b-4a8e-9a57-2f4b9c1d0e11',
      type: 'WITHDRAWAL',
      method: 'BANK_TRANSFER',
      status: 'PENDING',
      createdAt: '2026-11-21T04:30:00.000Z',
      updatedAt: '2026-11-21T04:30:00.000Z',
      transactionId: 'WDR20261121ABCDEFGHJK',
      description: 'Withdrawal to bank account XXXXXXXX7890',
      amount: -2500.5,
      metadata: {
        upiApp: null,
        upiId: null,
        utrNumber: null,
        adminNotes: null,
        bankDetails: { accountHolderName: 'Asha Rao', accountNumber: 'XXXXXXXX7890', ifscCode: 'SBIN0001234' },
      },
    });
    expect(fullBankDetails(row({}))?.accountNumber).toBe('001234567890');
    expect(
      toTransaction(
        row({
          type: 'DEPOSIT',
          method: 'UPI',
          bank_account_number: null,
          utr_number: '412345678901',
          upi_app: 'PAYTM',
        }),
      ).metadata,
    ).toEqual({
      upiApp: 'PAYTM',
      upiId: null,
      utrNumber: '412345678901',
      adminNotes: null,
      bankDetails: null,
    });
  });
});

describe('transaction ids', () => {
  it('name the kind and the IST day, with 10 random characters', () => {
    const id = newTransactionId('DEP', Date.parse('2026-11-20T18:30:00Z')); // IST 2026-11-21 00:00
    expect(id).toMatch(/^DEP20261121[A-HJ-NP-Z2-9]{10}$/);
    expect(new Set(Array.from({ length: 1000 }, () => newTransactionId('WDR'))).size).toBe(1000);
  });
});
