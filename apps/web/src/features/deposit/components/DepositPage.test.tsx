import { screen, waitFor, within } from '@testing-library/react';
import { upiPayUri } from '@app/domain';
import { fail, json, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { summaryOf, transactionOf } from '../../wallet/testing/fixtures';
import { UPI_PAYMENT_NOTE } from '../upi-links';
import { qrSvgDataUrl } from './UpiQrCode';

const PAYEE = { payeeVpa: 'winround.pay@okaxis', payeeName: 'WinRound Gaming' };
import { DEPOSIT_DRAFT_KEY } from './DepositPage';

const DEPOSIT = 'POST /payment/deposit';
const result = {
  utrNumber: '412345678901',
  isActive: false,
  isFirstDeposit: true,
  message: 'Deposit request submitted.',
  transactionId: 'DEP1',
};

function openDeposit(routes: Record<string, FakeRoute> = {}) {
  return renderApp('/deposit', {
    session: 'user',
    routes: {
      'GET /app-config': () => ok({ roundSeconds: 30, payment: PAYEE }),
      'GET /wallet/summary': () => ok({ summary: summaryOf() }),
      'GET /wallet/transactions': () => ok({ transactions: [] }),
      [DEPOSIT]: () => ok(result, 'Deposit request submitted.'),
      ...routes,
    },
  });
}

const preset = (label: string) => screen.getByRole('button', { name: label });
const customAmount = () => screen.getByRole('spinbutton', { name: 'Custom amount' });
const paidButton = () => screen.getByRole('button', { name: 'I have paid, Enter UTR' });
const utrField = () => screen.getByRole('textbox', { name: 'UTR number' });
const payerField = () => screen.getByRole('textbox', { name: 'Paid from' });
const redBox = () => screen.getByRole('alert');
const uriFor = (amountPaise: number) => upiPayUri({ ...PAYEE, amountPaise, note: UPI_PAYMENT_NOTE });

describe('deposit screen', () => {
  test('offers the presets ₹100 … ₹10,000; a preset is marked and fills the amount', async () => {
    const { user } = openDeposit();
    await screen.findByRole('heading', { level: 1, name: 'Deposit' });
    const labels = ['₹100', '₹500', '₹1,000', '₹2,000', '₹5,000', '₹10,000'];
    for (const label of labels) expect(preset(label)).toHaveAttribute('aria-pressed', 'false');
    await user.click(preset('₹2,000'));
    expect(preset('₹2,000')).toHaveAttribute('aria-pressed', 'true');
    expect(customAmount()).toHaveValue(2000);
    expect(customAmount()).toHaveAttribute('min', '100');
    expect(customAmount()).toHaveAttribute('max', '10000');
    expect(customAmount()).toHaveAttribute('placeholder', '₹100 – ₹10,000');
  });

  test("no amount, 0 or less, or finer than a paisa → 'Please enter a valid amount.' in a red box", async () => {
    const { user } = openDeposit();
    await screen.findByRole('heading', { level: 1, name: 'Deposit' });
    await user.click(paidButton());
    expect(redBox()).toHaveTextContent('Please enter a valid amount.');
    expect(redBox()).toHaveClass('pay-alert--error');

    for (const bad of ['0', '-5', '100.005']) {
      await user.clear(customAmount());
      await user.type(customAmount(), bad);
      await user.click(paidButton());
      expect(redBox()).toHaveTextContent('Please enter a valid amount.');
    }
  });

  test('outside ₹100 to ₹10,000 the form says so before any payment is offered, as the server would', async () => {
    const { user } = openDeposit();
    await screen.findByText('Choose an amount to see the QR code.');
    for (const [bad, message] of [
      ['1', 'Minimum deposit is ₹100.'],
      ['99.99', 'Minimum deposit is ₹100.'],
      ['10000.01', 'Maximum deposit is ₹10,000.'],
    ]) {
      await user.clear(customAmount());
      await user.type(customAmount(), bad!);
      // No QR code for an amount that cannot be claimed, and the field says why as it is typed.
      expect(screen.getByText('Choose an amount to see the QR code.')).toBeInTheDocument();
      expect(customAmount()).toHaveAccessibleDescription(message!);
      expect(customAmount()).toHaveAttribute('aria-invalid', 'true');
      await user.click(paidButton());
      expect(redBox()).toHaveTextContent(message!);
    }
    await user.clear(customAmount());
    await user.type(customAmount(), '100');
    expect(screen.queryByText('Choose an amount to see the QR code.')).not.toBeInTheDocument();
    await user.click(paidButton());
    expect(utrField()).toBeInTheDocument();
  });

  test('Scan QR (the default) shows the QR generated from the UPI payment link of the chosen amount', async () => {
    const { user } = openDeposit();
    expect(await screen.findByText('Choose an amount to see the QR code.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan QR' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Copy UPI ID' })).toHaveTextContent(PAYEE.payeeVpa);

    await user.click(preset('₹500'));
    const qr = await screen.findByRole('img', { name: 'UPI QR code to pay ₹500.00' });
    const uri = uriFor(50_000);
    expect(uri).toContain('am=500.00&cu=INR');
    expect(uri).toContain('pa=winround.pay@okaxis');
    expect(qr).toHaveAttribute('data-upi-uri', uri);
    expect(qr).toHaveAttribute('src', await qrSvgDataUrl(uri));

    // A new amount → a new QR, never the old one.
    await user.clear(customAmount());
    await user.type(customAmount(), '1234.5');
    const next = await screen.findByRole('img', { name: 'UPI QR code to pay ₹1,234.50' });
    expect(next).toHaveAttribute('src', await qrSvgDataUrl(uriFor(123_450)));
    expect(next.getAttribute('src')).not.toBe(qr.getAttribute('src'));
  });

  test('UPI Apps shows deep links for Google Pay, PhonePe, Paytm and BHIM built from the amount in INR', async () => {
    const { user } = openDeposit();
    await screen.findByText('Choose an amount to see the QR code.');
    await user.click(screen.getByRole('button', { name: 'UPI Apps' }));
    // No amount yet: the apps cannot open.
    for (const name of ['Google Pay', 'PhonePe', 'Paytm', 'BHIM'])
      expect(screen.getByRole('button', { name })).toBeDisabled();

    await user.click(preset('₹1,000'));
    const query = uriFor(100_000).slice('upi://pay'.length);
    expect(query).toContain('am=1000.00&cu=INR');
    expect(screen.getByRole('link', { name: 'Google Pay' })).toHaveAttribute('href', `tez://upi/pay${query}`);
    expect(screen.getByRole('link', { name: 'PhonePe' })).toHaveAttribute('href', `phonepe://pay${query}`);
    expect(screen.getByRole('link', { name: 'Paytm' })).toHaveAttribute('href', `paytmmp://pay${query}`);
    expect(screen.getByRole('link', { name: 'BHIM' })).toHaveAttribute('href', `upi://pay${query}`);
    expect(screen.queryByRole('img', { name: /UPI QR code/ })).not.toBeInTheDocument();
  });

  test("an empty UTR → 'UTR number is required.'; Back returns and clears the UTR", async () => {
    const { user } = openDeposit();
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    expect(screen.getByText('₹500.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(redBox()).toHaveTextContent('UTR number is required.');
    await user.type(utrField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(redBox()).toHaveTextContent('UTR number is required.');

    await user.type(utrField(), '4123');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(paidButton()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(paidButton());
    expect(utrField()).toHaveValue('');
  });

  test('the deposit in progress survives a reload of the tab (Android reloads it after the UPI app); success forgets it', async () => {
    const first = openDeposit();
    await first.user.click(await screen.findByRole('button', { name: '₹500' }));
    await first.user.click(paidButton());
    await first.user.type(payerField(), 'ravi@okaxis');
    // A reload keeps the tab's session storage and runs no clean-up: what was stored is what the next page reads.
    const stored = sessionStorage.getItem(DEPOSIT_DRAFT_KEY);
    first.unmount();
    sessionStorage.setItem(DEPOSIT_DRAFT_KEY, stored!);

    // The tab comes back from the UPI app: the amount and the step are where the player left them.
    const { user } = openDeposit();
    expect(await screen.findByRole('textbox', { name: 'UTR number' })).toBeInTheDocument();
    expect(payerField()).toHaveValue('ravi@okaxis');
    await user.type(utrField(), '412345678901');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(sessionStorage.getItem(DEPOSIT_DRAFT_KEY)).toBe(
      JSON.stringify({ amount: '', mode: 'qr', upiApp: null, step: 'pay', utr: '', payer: '' }),
    );
  });

  test('leaving the deposit screen within the app forgets the draft: the next visit starts afresh', async () => {
    const first = openDeposit();
    await first.user.click(await screen.findByRole('button', { name: '₹500' }));
    await first.user.click(paidButton());
    first.unmount();
    await new Promise((r) => setTimeout(r, 5));
    expect(sessionStorage.getItem(DEPOSIT_DRAFT_KEY)).toBeNull();
    openDeposit();
    expect(await screen.findByRole('button', { name: '₹500' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'UTR number' })).not.toBeInTheDocument();
  });

  test('submits {method, amount, utrNumber, upiApp}; success → the message in green, a reset and /wallet', async () => {
    let deposited = false;
    const { user, fake, store } = openDeposit({
      [DEPOSIT]: () => {
        deposited = true;
        return ok(result, 'Deposit request submitted.');
      },
      'GET /wallet/transactions': () =>
        ok({
          transactions: deposited
            ? [transactionOf({ transactionId: 'DEP1', metadata: { utrNumber: '412345678901' } })]
            : [],
        }),
    });
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.type(utrField(), ' 412345678901 ');
    await user.type(payerField(), ' Ravi.Kumar@OKAXIS ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet');
    expect(fake.callsTo(DEPOSIT)[0].body).toEqual({
      method: 'UPI',
      amount: 500,
      utrNumber: '412345678901',
      payer: 'ravi.kumar@okaxis',
      upiApp: 'QR',
    });
    const toast = screen.getByText('Deposit request submitted.').closest('.toast');
    expect(toast).toHaveClass('toast--success');
    expect(store.getState().deposit.status).toBe('idle');
    // The wallet lists the pending deposit.
    expect(await screen.findByText('412345678901')).toBeInTheDocument();
    expect(screen.getByText('PENDING')).toBeInTheDocument();
  });

  test('a deposit through a UPI app names that app', async () => {
    const { user, fake } = openDeposit();
    await user.click(await screen.findByRole('button', { name: '₹100' }));
    await user.click(screen.getByRole('button', { name: 'UPI Apps' }));
    const link = screen.getByRole('link', { name: 'PhonePe' });
    // The app would open; the test stays on the page.
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    await user.click(paidButton());
    await user.type(utrField(), '412345678902');
    await user.type(payerField(), 'Ravi  Kumar');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fake.callsTo(DEPOSIT)).toHaveLength(1));
    expect(fake.callsTo(DEPOSIT)[0].body).toEqual({
      method: 'UPI',
      amount: 100,
      utrNumber: '412345678902',
      payer: 'Ravi Kumar',
      upiApp: 'PHONEPE',
    });
  });

  test("a refusal shows the server's message in the red box, else 'Deposit failed.'", async () => {
    const refused = openDeposit({ [DEPOSIT]: () => fail(409, 'This UTR number has already been used.') });
    await refused.user.click(await screen.findByRole('button', { name: '₹500' }));
    await refused.user.click(paidButton());
    await refused.user.type(utrField(), '412345678901');
    await refused.user.type(payerField(), 'ravi@ybl');
    await refused.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This UTR number has already been used.');
    expect(screen.getByTestId('location')).toHaveTextContent('/deposit');
    refused.unmount();
    await new Promise((r) => setTimeout(r, 5));

    const silent = openDeposit({ [DEPOSIT]: () => json(500, { success: false }) });
    await silent.user.click(await screen.findByRole('button', { name: '₹500' }));
    await silent.user.click(paidButton());
    await silent.user.type(utrField(), '412345678901');
    await silent.user.type(payerField(), 'ravi@ybl');
    await silent.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deposit failed.');
  });

  test('while the request runs Submit and Back are disabled', async () => {
    const { user, fake } = openDeposit({ [DEPOSIT]: () => pending() });
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.type(utrField(), '412345678901');
    await user.type(payerField(), 'ravi@ybl');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(fake.callsTo(DEPOSIT)).toHaveLength(1);
  });

  test("asks who paid: the UPI ID paid from or the account holder's name, required and checked as the server does", async () => {
    const { user, fake } = openDeposit();
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    expect(payerField()).toHaveAccessibleDescription(
      "The UPI ID you paid from, or the account holder's name as your bank shows it.",
    );
    await user.type(utrField(), '412345678901');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(redBox()).toHaveTextContent(
      "Please enter the UPI ID you paid from, or the account holder's name as your bank shows it.",
    );
    for (const bad of ['ravi@', 'R2D2']) {
      await user.clear(payerField());
      await user.type(payerField(), bad);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(redBox()).toHaveTextContent(
        'Enter a UPI ID like name@okaxis, or a name of 3 to 100 letters, spaces and dots.',
      );
    }
    expect(fake.callsTo(DEPOSIT)).toHaveLength(0);
    // Back clears it with the UTR.
    await user.type(payerField(), 'x');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(paidButton());
    expect(payerField()).toHaveValue('');
  });

  test('states who gets a deposit, and shows a contested UTR as the server explains it', async () => {
    const contested =
      'Another player has already claimed this UTR number and it is waiting for review. We have recorded your claim too, so the reviewer will check both against the bank statement. If the payment is yours, their claim will be rejected and you can submit this UTR again.';
    const { user } = openDeposit({ [DEPOSIT]: () => fail(409, contested) });
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    const rule = screen.getByRole('region', { name: 'Who gets the deposit' });
    expect(
      within(rule)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A deposit is credited to the player who made the payment.',
      "With the UTR, tell us who paid: the UPI ID you paid from, or the account holder's name as your bank shows it. We check both against our bank statement.",
      "If someone else has already claimed your UTR, submit it anyway: we record your claim, the reviewer checks both, and the claim that does not match the payment is rejected. Claiming another person's payment is cheating.",
    ]);
    await user.type(utrField(), '412345678901');
    await user.type(payerField(), 'RAVI KUMAR');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(contested);
    expect(screen.getByTestId('location')).toHaveTextContent('/deposit');
  });

  test('with 3 deposits waiting for review it says so before paying and offers no payment', async () => {
    const pendingDeposits = [1, 2, 3].map((n) =>
      transactionOf({ transactionId: `DEP${n}`, type: 'DEPOSIT', status: 'PENDING' }),
    );
    const { user } = openDeposit({ 'GET /wallet/transactions': () => ok({ transactions: pendingDeposits }) });
    expect(await screen.findByText('You have 3 deposits waiting for review.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You have 3 deposits waiting for review. Please do not pay now: a new deposit can be claimed once one of them has been reviewed.',
    );
    for (const name of ['Scan QR', 'UPI Apps', 'I have paid, Enter UTR'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /UPI QR code/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Wallet' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet');
  });

  test('below the limit (reviewed deposits and withdrawals do not count) the payment is offered', async () => {
    const transactions = [
      transactionOf({ transactionId: 'DEP1', status: 'PENDING' }),
      transactionOf({ transactionId: 'DEP2', status: 'PENDING' }),
      transactionOf({ transactionId: 'DEP3', status: 'COMPLETED' }),
      transactionOf({ transactionId: 'DEP4', status: 'FAILED' }),
      transactionOf({ transactionId: 'WD1', type: 'WITHDRAWAL', status: 'PENDING', amount: -100 }),
    ];
    const { store } = openDeposit({ 'GET /wallet/transactions': () => ok({ transactions }) });
    await waitFor(() => expect(store.getState().wallet.transactions).toHaveLength(5));
    expect(await screen.findByRole('button', { name: 'I have paid, Enter UTR' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan QR' })).toBeInTheDocument();
    expect(screen.queryByText('You have 3 deposits waiting for review.')).not.toBeInTheDocument();
  });

  test('the UTR rule of the server is checked here too', async () => {
    const { user, fake } = openDeposit();
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.type(payerField(), 'Ravi Kumar');
    for (const [bad, message] of [
      ['12345', 'UTR number must be the 12 digits your UPI app shows for the payment.'],
      ['abcdefghijkl', 'UTR number must be the 12 digits your UPI app shows for the payment.'],
      ['000000000000', 'This is not a real UTR number. Copy the 12 digits from the payment in your UPI app.'],
    ]) {
      await user.clear(utrField());
      await user.type(utrField(), bad!);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(redBox()).toHaveTextContent(message!);
    }
    expect(fake.callsTo(DEPOSIT)).toHaveLength(0);
  });

  test('a UTR pasted with spaces or dashes is accepted and sent as its 12 digits', async () => {
    const { user, fake } = openDeposit();
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.click(utrField());
    await user.paste('1234 5678 9012');
    expect(utrField()).toHaveValue('1234 5678 9012');
    await user.type(payerField(), 'Ravi Kumar');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fake.callsTo(DEPOSIT)).toHaveLength(1));
    expect(fake.callsTo(DEPOSIT)[0].body).toMatchObject({ utrNumber: '123456789012' });
  });

  test('when the payee cannot be loaded it says so and offers a retry', async () => {
    let up = false;
    const { user } = openDeposit({
      'GET /app-config': () => (up ? ok({ payment: PAYEE }) : fail(503)),
    });
    expect(await screen.findByText('Failed to load the payment details')).toHaveClass('pay-error');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PAYEE.payeeVpa)).toBeInTheDocument();
    expect(
      within(document.querySelector('.pay-qr') as HTMLElement).getByText('Choose an amount to see the QR code.'),
    ).toBeInTheDocument();
  });
});
