import { screen, waitFor, within } from '@testing-library/react';
import { upiPayUri } from '@app/domain';
import { fail, json, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { summaryOf, transactionOf } from '../../wallet/testing/fixtures';
import { UPI_PAYMENT_NOTE } from '../upi-links';
import { qrSvgDataUrl } from './UpiQrCode';

const PAYEE = { payeeVpa: 'winround.pay@okaxis', payeeName: 'WinRound Gaming' };
const DEPOSIT = 'POST /payment/deposit';
const result = { utrNumber: '412345678901', isActive: false, isFirstDeposit: true, message: 'Deposit request submitted.', transactionId: 'DEP1' };

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
      // No QR code for an amount that cannot be claimed.
      expect(screen.getByText('Choose an amount to see the QR code.')).toBeInTheDocument();
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
    expect(screen.getByText(PAYEE.payeeVpa)).toBeInTheDocument();

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
    for (const name of ['Google Pay', 'PhonePe', 'Paytm', 'BHIM']) expect(screen.getByRole('button', { name })).toBeDisabled();

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

  test('submits {method, amount, utrNumber, upiApp}; success → the message in green, a reset and /wallet', async () => {
    let deposited = false;
    const { user, fake, store } = openDeposit({
      [DEPOSIT]: () => {
        deposited = true;
        return ok(result, 'Deposit request submitted.');
      },
      'GET /wallet/transactions': () =>
        ok({ transactions: deposited ? [transactionOf({ transactionId: 'DEP1', metadata: { utrNumber: '412345678901' } })] : [] }),
    });
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.type(utrField(), ' 412345678901 ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet');
    expect(fake.callsTo(DEPOSIT)[0].body).toEqual({ method: 'UPI', amount: 500, utrNumber: '412345678901', upiApp: 'QR' });
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
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fake.callsTo(DEPOSIT)).toHaveLength(1));
    expect(fake.callsTo(DEPOSIT)[0].body).toEqual({ method: 'UPI', amount: 100, utrNumber: '412345678902', upiApp: 'PHONEPE' });
  });

  test("a refusal shows the server's message in the red box, else 'Deposit failed.'", async () => {
    const refused = openDeposit({ [DEPOSIT]: () => fail(409, 'This UTR number has already been used.') });
    await refused.user.click(await screen.findByRole('button', { name: '₹500' }));
    await refused.user.click(paidButton());
    await refused.user.type(utrField(), '412345678901');
    await refused.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This UTR number has already been used.');
    expect(screen.getByTestId('location')).toHaveTextContent('/deposit');
    refused.unmount();

    const silent = openDeposit({ [DEPOSIT]: () => json(500, { success: false }) });
    await silent.user.click(await screen.findByRole('button', { name: '₹500' }));
    await silent.user.click(paidButton());
    await silent.user.type(utrField(), '412345678901');
    await silent.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deposit failed.');
  });

  test('while the request runs Submit and Back are disabled', async () => {
    const { user, fake } = openDeposit({ [DEPOSIT]: () => pending() });
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.type(utrField(), '412345678901');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(fake.callsTo(DEPOSIT)).toHaveLength(1);
  });

  test('the UTR rule of the server is checked here too', async () => {
    const { user, fake } = openDeposit();
    await user.click(await screen.findByRole('button', { name: '₹500' }));
    await user.click(paidButton());
    await user.type(utrField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(redBox()).toHaveTextContent('UTR number must be 12 to 22 letters or digits.');
    expect(fake.callsTo(DEPOSIT)).toHaveLength(0);
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
    expect(within(document.querySelector('.pay-qr') as HTMLElement).getByText('Choose an amount to see the QR code.')).toBeInTheDocument();
  });
});
