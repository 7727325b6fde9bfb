import type { WalletSummary } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { fail, json, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { summaryOf } from '../../wallet/testing/fixtures';

const WITHDRAW = 'POST /payment/withdraw';
const SUMMARY = 'GET /wallet/summary';

function openWithdraw(summary: Partial<WalletSummary> = {}, routes: Record<string, FakeRoute> = {}) {
  return renderApp('/withdraw', {
    session: 'user',
    routes: {
      [SUMMARY]: () => ok({ summary: summaryOf({ balance: 2500, ...summary }) }),
      'GET /wallet/transactions': () => ok({ transactions: [] }),
      [WITHDRAW]: () =>
        ok({
          transactionId: 'WD20261121000042',
          isActive: true,
          message: 'Withdrawal request submitted successfully. Processing time: 2–4 hours.',
        }),
      ...routes,
    },
  });
}

const amountField = () => screen.getByRole('spinbutton', { name: 'Custom amount' });
const submit = () => screen.getByRole('button', { name: 'Withdraw' });
const redBox = () => screen.getByRole('alert');
const ready = () => screen.findByTestId('withdraw-balance');

describe('withdraw screen', () => {
  test('shows the available (main) balance and offers UPI or Bank Transfer, UPI first', async () => {
    const { user } = openWithdraw({ balance: 2500 });
    expect(await ready()).toHaveTextContent('₹2,500.00');
    expect(screen.getByRole('button', { name: 'UPI' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'UPI ID' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'IFSC' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bank Transfer' }));
    expect(screen.getByRole('button', { name: 'Bank Transfer' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Account number' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'IFSC' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account holder name' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'UPI ID' })).not.toBeInTheDocument();
  });

  test('no chip below the ₹500 minimum; chips above the balance are disabled and a note says why', async () => {
    const first = openWithdraw({ balance: 2000 });
    await ready();
    expect(screen.queryByRole('button', { name: '₹100' })).not.toBeInTheDocument();
    for (const label of ['₹500', '₹1,000', '₹2,000']) expect(screen.getByRole('button', { name: label })).toBeEnabled();
    for (const label of ['₹5,000', '₹10,000']) expect(screen.getByRole('button', { name: label })).toBeDisabled();
    expect(
      screen.getByText('Withdrawals start at ₹500 and cannot be more than your withdrawable balance (₹2,000).'),
    ).toBeInTheDocument();
    first.unmount();

    openWithdraw({ balance: 20000 });
    await ready();
    expect(screen.queryByText(/Withdrawals start at/)).not.toBeInTheDocument();
  });

  test('an amount with more than two decimals gets a precise message, and nothing is sent', async () => {
    const { user, fake } = openWithdraw({ balance: 2500 });
    await ready();
    await user.type(amountField(), '500.125');
    await user.click(screen.getByRole('button', { name: 'PhonePe' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await user.click(submit());
    expect(redBox()).toHaveTextContent('Enter the amount with at most 2 decimals (paise), e.g. 500.25.');
    expect(fake.callsTo(WITHDRAW)).toHaveLength(0);
  });

  test('no preset and no submit before the balance is known', async () => {
    openWithdraw({}, { [SUMMARY]: () => pending() });
    await screen.findByRole('status', { name: 'Loading balance' });
    expect(screen.getByRole('button', { name: '₹500' })).toBeDisabled();
    expect(submit()).toBeDisabled();
  });

  test('the UPI app grid has Google Pay, PhonePe, Paytm, BHIM and Other/QR; an app with one handle completes an ID without @', async () => {
    const { user } = openWithdraw();
    await ready();
    for (const name of ['Google Pay', 'PhonePe', 'Paytm', 'BHIM', 'Other/QR']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi.k');
    expect(screen.queryByTestId('final-upi-id')).not.toBeInTheDocument();

    const cases: [string, string][] = [
      ['PhonePe', 'ravi.k@ybl'],
      ['Paytm', 'ravi.k@paytm'],
      ['BHIM', 'ravi.k@upi'],
    ];
    for (const [app, finalId] of cases) {
      await user.click(screen.getByRole('button', { name: app }));
      expect(screen.getByRole('button', { name: app })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByTestId('final-upi-id')).toHaveTextContent(`Money goes to ${finalId}`);
    }
    // Google Pay has four handles and QR none: no handle is guessed, so an ID without @ names nobody.
    for (const app of ['Google Pay', 'Other/QR']) {
      await user.click(screen.getByRole('button', { name: app }));
      expect(screen.queryByTestId('final-upi-id')).not.toBeInTheDocument();
    }
    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi@sbi');
    await user.click(screen.getByRole('button', { name: 'PhonePe' }));
    expect(screen.getByTestId('final-upi-id')).toHaveTextContent('Money goes to ravi@sbi');
  });

  test('Google Pay needs the whole UPI ID: its handles are shown, bob is refused, bob@okicici is paid', async () => {
    const { user, fake } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: 'Google Pay' }));
    const field = screen.getByRole('textbox', { name: 'UPI ID' });
    expect(field).toHaveAccessibleDescription(
      'Google Pay IDs end in @okaxis, @okhdfcbank, @okicici or @oksbi. Enter the whole ID, as your app shows it.',
    );
    await user.type(field, 'bob');
    expect(screen.queryByTestId('final-upi-id')).not.toBeInTheDocument();
    await user.click(submit());
    expect(redBox()).toHaveTextContent(
      'Enter your whole UPI ID: Google Pay IDs end in @okaxis, @okhdfcbank, @okicici or @oksbi.',
    );
    expect(fake.callsTo(WITHDRAW)).toHaveLength(0);

    await user.type(field, '@okicici');
    expect(screen.getByTestId('final-upi-id')).toHaveTextContent('Money goes to bob@okicici');
    await user.click(submit());
    await waitFor(() => expect(fake.callsTo(WITHDRAW)).toHaveLength(1));
    expect(fake.callsTo(WITHDRAW)[0].body).toEqual({
      method: 'UPI',
      amount: 1000,
      upiApp: 'GOOGLE_PAY',
      upiId: 'bob@okicici',
    });
  });

  test('"Money goes to" names only an ID the form accepts', async () => {
    const { user } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: 'PhonePe' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'bob😀');
    expect(screen.queryByTestId('final-upi-id')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ra vi');
    expect(screen.queryByTestId('final-upi-id')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'bob');
    expect(screen.getByTestId('final-upi-id')).toHaveTextContent('Money goes to bob@ybl');
  });

  test.each([
    ['', 'Minimum withdrawal is ₹500.'],
    ['499.99', 'Minimum withdrawal is ₹500.'],
    ['2500.01', 'Insufficient balance.'],
  ])("amount '%s' → '%s'", async (amount, message) => {
    const { user, fake } = openWithdraw({ balance: 2500 });
    await ready();
    if (amount) await user.type(amountField(), amount);
    await user.click(screen.getByRole('button', { name: 'PhonePe' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await user.click(submit());
    expect(redBox()).toHaveTextContent(message);
    expect(redBox()).toHaveClass('pay-alert--error');
    expect(fake.callsTo(WITHDRAW)).toHaveLength(0);
  });

  test("above ₹25,000 → 'Maximum withdrawal per day is ₹25,000.'", async () => {
    const { user } = openWithdraw({ balance: 90_000 });
    await ready();
    await user.type(amountField(), '25000.01');
    await user.click(submit());
    expect(redBox()).toHaveTextContent('Maximum withdrawal per day is ₹25,000.');
  });

  test("UPI without an app or without an ID → 'UPI App and UPI ID are required for UPI withdrawal.'", async () => {
    const { user } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await user.click(submit());
    expect(redBox()).toHaveTextContent('UPI App and UPI ID are required for UPI withdrawal.');

    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.click(screen.getByRole('button', { name: 'BHIM' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submit());
    expect(redBox()).toHaveTextContent('UPI App and UPI ID are required for UPI withdrawal.');
  });

  test("a malformed final UPI ID → 'UPI ID must look like name@bank.', on the field too", async () => {
    const { user } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: 'Other/QR' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi@');
    await user.click(submit());
    expect(redBox()).toHaveTextContent('UPI ID must look like name@bank.');
    expect(screen.getByRole('textbox', { name: 'UPI ID' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'UPI ID' })).toHaveAccessibleDescription(
      /UPI ID must look like name@bank\./,
    );
    // Without '@' and no handle to complete it, the whole ID is asked for.
    await user.clear(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await user.click(submit());
    expect(redBox()).toHaveTextContent('Enter your whole UPI ID, like name@bank.');
  });

  test("a final UPI ID over 256 characters → 'UPI ID must look like name@bank.', nothing sent", async () => {
    const { user, fake } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: 'PhonePe' }));
    // 253 + '@ybl' = 257 characters once the app's handle is appended.
    await user.click(screen.getByRole('textbox', { name: 'UPI ID' }));
    await user.paste('r'.repeat(253));
    await user.click(submit());
    expect(redBox()).toHaveTextContent('UPI ID must look like name@bank.');
    expect(fake.callsTo(WITHDRAW)).toHaveLength(0);
  });

  test('IFSC is forced to upper case and 11 characters', async () => {
    const { user } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Bank Transfer' }));
    const ifsc = screen.getByRole('textbox', { name: 'IFSC' });
    await user.type(ifsc, 'hdfc00012345678');
    expect(ifsc).toHaveValue('HDFC0001234');
    expect(ifsc).toHaveAttribute('maxLength', '11');
  });

  test.each([
    ['12345', 'HDFC0001234', 'Ravi Kumar', 'accountNumber', 'Account number must be 9 to 18 digits.'],
    ['12345678', 'HDFC0001234', 'Ravi Kumar', 'accountNumber', 'Account number must be 9 to 18 digits.'],
    ['1234567890123456789', 'HDFC0001234', 'Ravi Kumar', 'accountNumber', 'Account number must be 9 to 18 digits.'],
    [
      '001234567890',
      'HDFC000123',
      'Ravi Kumar',
      'ifsc',
      'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (like SBIN0001234).',
    ],
    [
      '001234567890',
      'HDFC0001234',
      'Ra',
      'accountHolderName',
      'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
    ],
    [
      '001234567890',
      'HDFC0001234',
      'Ravi Kumar 2',
      'accountHolderName',
      'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
    ],
    [
      '001234567890',
      'HDFC0001234',
      'R'.repeat(101),
      'accountHolderName',
      'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
    ],
  ])(
    'bank details account=%s ifsc=%s name=%s: the %s field is marked with its own message',
    async (account, ifsc, name, field, message) => {
      const { user, fake } = openWithdraw();
      await ready();
      await user.click(screen.getByRole('button', { name: 'Bank Transfer' }));
      await user.click(screen.getByRole('button', { name: '₹1,000' }));
      await user.type(screen.getByRole('textbox', { name: 'Account number' }), account);
      await user.type(screen.getByRole('textbox', { name: 'Confirm account number' }), account);
      await user.type(screen.getByRole('textbox', { name: 'IFSC' }), ifsc);
      await user.type(screen.getByRole('textbox', { name: 'Account holder name' }), name);
      await user.click(submit());
      expect(redBox()).toHaveTextContent(message);
      const label = { accountNumber: 'Account number', ifsc: 'IFSC', accountHolderName: 'Account holder name' }[field]!;
      expect(screen.getByRole('textbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('textbox', { name: label })).toHaveAccessibleDescription(message);
      expect(fake.callsTo(WITHDRAW)).toHaveLength(0);
      // Editing the field clears its mark.
      await user.type(screen.getByRole('textbox', { name: label }), 'x');
      expect(screen.getByRole('textbox', { name: label })).not.toHaveAttribute('aria-invalid');
    },
  );

  test('the account number is typed twice and must match; spaces and dashes are dropped as typed', async () => {
    const { user, fake } = openWithdraw();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Bank Transfer' }));
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '0012-3456 7890');
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('001234567890');
    await user.type(screen.getByRole('textbox', { name: 'Confirm account number' }), '001234567809');
    await user.type(screen.getByRole('textbox', { name: 'IFSC' }), 'SBIN0004321');
    await user.type(screen.getByRole('textbox', { name: 'Account holder name' }), 'Ravi Kumar');
    await user.click(submit());
    expect(redBox()).toHaveTextContent('Account numbers do not match.');
    expect(screen.getByRole('textbox', { name: 'Confirm account number' })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo(WITHDRAW)).toHaveLength(0);
  });

  test('a UPI withdrawal sends the final ID; success shows the transaction id and processing time; Back resets', async () => {
    const { user, fake } = openWithdraw({ balance: 2500 });
    await ready();
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: 'PhonePe' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    const summaryCallsBefore = fake.callsTo(SUMMARY).length;
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Withdrawal requested' })).toBeInTheDocument();
    expect(fake.callsTo(WITHDRAW)[0].body).toEqual({
      method: 'UPI',
      amount: 1000,
      upiApp: 'PHONEPE',
      upiId: 'ravi@ybl',
    });
    expect(screen.getByText('WD20261121000042')).toBeInTheDocument();
    expect(
      screen.getByText('Processing time: 2–4 hours. You will be notified once the funds are transferred.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Withdrawal request submitted successfully. Processing time: 2–4 hours.')).toHaveClass(
      'pay-alert--success',
    );
    // The wallet data is refreshed.
    await waitFor(() => expect(fake.callsTo(SUMMARY).length).toBeGreaterThan(summaryCallsBefore));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(amountField()).toHaveValue(null);
    expect(screen.getByRole('textbox', { name: 'UPI ID' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'PhonePe' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'UPI' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a bank withdrawal sends the account, the upper-cased IFSC and the holder name', async () => {
    const { user, fake } = openWithdraw({ balance: 2500 });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Bank Transfer' }));
    await user.type(amountField(), '750.50');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '001234567890');
    await user.type(screen.getByRole('textbox', { name: 'Confirm account number' }), '001234567890');
    await user.type(screen.getByRole('textbox', { name: 'IFSC' }), 'sbin0004321');
    await user.type(screen.getByRole('textbox', { name: 'Account holder name' }), ' Ravi Kumar ');
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Withdrawal requested' });
    expect(fake.callsTo(WITHDRAW)[0].body).toEqual({
      method: 'BANK_TRANSFER',
      amount: 750.5,
      accountNumber: '001234567890',
      ifsc: 'SBIN0004321',
      accountHolderName: 'Ravi Kumar',
    });
  });

  test("a refusal shows the server's message in the red box, else 'Withdrawal failed.'", async () => {
    const refused = openWithdraw({}, { [WITHDRAW]: () => fail(409, 'Maximum withdrawal per day is ₹25,000.') });
    await ready();
    await refused.user.click(screen.getByRole('button', { name: '₹1,000' }));
    await refused.user.click(screen.getByRole('button', { name: 'BHIM' }));
    await refused.user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await refused.user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum withdrawal per day is ₹25,000.');
    refused.unmount();

    const silent = openWithdraw({}, { [WITHDRAW]: () => json(500, {}) });
    await ready();
    await silent.user.click(screen.getByRole('button', { name: '₹1,000' }));
    await silent.user.click(screen.getByRole('button', { name: 'BHIM' }));
    await silent.user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await silent.user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Withdrawal failed.');
  });

  test('submit is disabled while the request runs', async () => {
    const { user, fake } = openWithdraw({}, { [WITHDRAW]: () => pending() });
    await ready();
    await user.click(screen.getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: 'BHIM' }));
    await user.type(screen.getByRole('textbox', { name: 'UPI ID' }), 'ravi');
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(fake.callsTo(WITHDRAW)).toHaveLength(1);
  });

  test('a wallet not eligible for withdrawal says why', async () => {
    openWithdraw({ balance: 300, isEligibleForWithdrawal: false });
    await ready();
    expect(screen.getByText('You cannot withdraw because your balance is less than ₹500.')).toBeInTheDocument();
  });
});
