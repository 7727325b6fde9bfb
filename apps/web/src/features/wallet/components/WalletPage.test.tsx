import type { Transaction, WalletSummary } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { playerTransactionOf, summaryOf, transactionOf } from '../testing/fixtures';
import { balanceUpdated, transactionAdded } from '../wallet.slice';

const SUMMARY = 'GET /wallet/summary';
const TRANSACTIONS = 'GET /wallet/transactions';

function openWallet(summary: WalletSummary | FakeRoute = summaryOf(), transactions: Transaction[] | FakeRoute = []) {
  return renderApp('/wallet', {
    session: 'user',
    routes: {
      [SUMMARY]: typeof summary === 'function' ? summary : () => ok({ summary }),
      [TRANSACTIONS]: typeof transactions === 'function' ? transactions : () => ok({ transactions }),
    },
  });
}

const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });
const shownIds = () => [...document.querySelectorAll('.txn')].map((li) => li.textContent?.match(/Txn ID(\S+)/)?.[1]);

describe('wallet screen', () => {
  test('shows the balance and the bonus balance in rupees, en-IN with 2 decimals', async () => {
    openWallet(summaryOf({ balance: 125000.5, bonusBalance: 75 }));
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹1,25,000.50');
    expect(screen.getByTestId('wallet-bonus')).toHaveTextContent('₹75.00');
    expect(screen.getByText('Balance')).toBeInTheDocument();
    expect(screen.getByText('Bonus balance')).toBeInTheDocument();
  });

  test.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])(
    'isActive=%s, isEligibleForWithdrawal=%s → Withdraw enabled: %s',
    async (isActive, isEligibleForWithdrawal, enabled) => {
      openWallet(summaryOf({ isActive, isEligibleForWithdrawal }));
      await screen.findByTestId('wallet-balance');
      if (enabled) expect(withdrawButton()).toBeEnabled();
      else expect(withdrawButton()).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Deposit' })).toBeEnabled();
    },
  );

  test('Withdraw stays disabled until the summary is known', async () => {
    openWallet(() => pending());
    expect(await screen.findByRole('status', { name: 'Loading wallet' })).toBeInTheDocument();
    expect(withdrawButton()).toBeDisabled();
  });

  test('Deposit and Withdraw open their screens', async () => {
    const first = openWallet();
    await first.user.click(await screen.findByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/deposit');
    first.unmount();

    const second = openWallet();
    await screen.findByTestId('wallet-balance');
    await second.user.click(withdrawButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/withdraw');
  });

  test("banners: 'Deposit is not active…' above ₹100 when inactive; 'You cannot withdraw…' when not eligible", async () => {
    const inactive = openWallet(summaryOf({ balance: 100.01, isActive: false, isEligibleForWithdrawal: false }));
    expect(await screen.findByText('Deposit is not active. Please activate deposit to continue.')).toBeInTheDocument();
    expect(screen.getByText('You cannot withdraw because your balance is less than ₹500.')).toBeInTheDocument();
    inactive.unmount();

    const exactly100 = openWallet(summaryOf({ balance: 100, isActive: false, isEligibleForWithdrawal: false }));
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByText('Deposit is not active. Please activate deposit to continue.')).not.toBeInTheDocument();
    expect(screen.getByText('You cannot withdraw because your balance is less than ₹500.')).toBeInTheDocument();
    exactly100.unmount();

    openWallet(summaryOf({ balance: 5000, isActive: true, isEligibleForWithdrawal: true }));
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByText(/Deposit is not active/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You cannot withdraw/)).not.toBeInTheDocument();
  });

  test('deposits not yet played through: the banner says how much is left to play; Withdraw stays disabled', async () => {
    openWallet(summaryOf({ balance: 2000, isActive: true, isEligibleForWithdrawal: false, playThroughLeft: 600 }));
    expect(await screen.findByText('You need to play ₹600 more before you can withdraw.')).toBeInTheDocument();
    expect(screen.queryByText(/balance is less than ₹500/)).not.toBeInTheDocument();
    expect(withdrawButton()).toBeDisabled();
  });

  test('a bonus under a wagering requirement says what is left to play, when it goes back, and shows the progress', async () => {
    openWallet(
      summaryOf({
        bonusBalance: 200,
        bonusWagering: { left: 700, required: 1000, expiresAt: '2026-12-28T19:00:00.000Z' },
      }),
    );
    const wagering = await screen.findByTestId('bonus-wagering');
    expect(wagering).toHaveTextContent(
      'Your bonus becomes withdrawable after ₹700 more in settled bets. Unplayed, it goes back on 29 Dec 2026.',
    );
    expect(within(wagering).getByRole('progressbar', { name: 'Bonus played through' })).toHaveAttribute(
      'value',
      '30000',
    );
  });

  test('no bonus left: no wagering line, whatever the requirement', async () => {
    openWallet(
      summaryOf({
        bonusBalance: 0,
        bonusWagering: { left: 700, required: 1000, expiresAt: '2026-12-28T19:00:00.000Z' },
      }),
    );
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByTestId('bonus-wagering')).not.toBeInTheDocument();
  });

  test("an empty history says 'No Transactions'", async () => {
    openWallet(summaryOf(), []);
    expect(await screen.findByText('No Transactions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  test('shows the 5 newest, Show More reveals the rest, Show Less folds them again', async () => {
    const list = Array.from({ length: 7 }, (_, i) => transactionOf({ transactionId: `T${i + 1}` }));
    const { user } = openWallet(summaryOf(), list);
    await waitFor(() => expect(shownIds()).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']));
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(shownIds()).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7']);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(shownIds()).toHaveLength(5);
  });

  test('exactly 5 transactions need no toggle', async () => {
    openWallet(
      summaryOf(),
      Array.from({ length: 5 }, () => transactionOf()),
    );
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  test('each transaction shows its method label, signed amount, status chip and payment details', async () => {
    const list = [
      transactionOf({
        transactionId: 'DEP1',
        method: 'UPI',
        amount: 1000,
        status: 'PENDING',
        metadata: { utrNumber: '412345678901', upiApp: 'GOOGLE_PAY' },
      }),
      transactionOf({
        transactionId: 'WD1',
        type: 'WITHDRAWAL',
        method: 'BANK_TRANSFER',
        amount: -500,
        status: 'FAILED',
        metadata: {
          bankDetails: { accountHolderName: 'Asha Rao', accountNumber: '******7890', ifscCode: 'HDFC0001234' },
        },
      }),
      transactionOf({ transactionId: 'C1', method: 'CARD', amount: 20.5, status: 'COMPLETED' }),
      transactionOf({ transactionId: 'W1', method: 'WALLET', amount: 1, status: 'COMPLETED' }),
      transactionOf({ transactionId: 'B1', type: 'BONUS', method: 'BONUS', amount: 50, status: 'COMPLETED' }),
    ];
    openWallet(summaryOf(), list);
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    const [dep, wd, card, wallet, bonus] = [...document.querySelectorAll<HTMLElement>('.txn')];

    expect(within(dep).getByText('UPI Payment')).toBeInTheDocument();
    // A pending deposit is not a credit yet: no green '+'.
    expect(within(dep).getByText('₹1,000.00')).toHaveClass('txn__amount--uncredited');
    expect(dep).not.toHaveTextContent('+₹');
    expect(within(dep).getByText('PENDING')).toHaveClass('status-chip--pending');
    expect(within(dep).getByText('412345678901')).toBeInTheDocument();
    expect(within(dep).getByText('Google Pay')).toBeInTheDocument();

    expect(within(wd).getByText('Bank Transfer')).toBeInTheDocument();
    expect(within(wd).getByText('-₹500.00')).toBeInTheDocument();
    expect(within(wd).getByText('FAILED')).toHaveClass('status-chip--failed');
    expect(within(wd).getByText('******7890')).toBeInTheDocument();
    expect(within(wd).getByText('HDFC0001234')).toBeInTheDocument();
    expect(wd).toHaveTextContent('Asha Rao');
    expect(wd).not.toHaveTextContent('1234567890');

    expect(within(card).getByText('Card Payment')).toBeInTheDocument();
    expect(within(card).getByText('+₹20.50')).toHaveClass('txn__amount--in');
    expect(within(card).getByText('COMPLETED')).toHaveClass('status-chip--completed');
    expect(within(wallet).getByText('Wallet Transfer')).toBeInTheDocument();
    // Never 'Bonus Bonus': the type says it once.
    expect(within(bonus).getAllByText('Bonus')).toHaveLength(1);
    expect(bonus).not.toHaveTextContent(/Bonus\s*Bonus/);
  });

  test("a rejected deposit or withdrawal shows the reviewer's reason and what to do; a paid withdrawal its payout reference", async () => {
    const list = [
      transactionOf({
        transactionId: 'DEPX',
        method: 'UPI',
        amount: 1000,
        status: 'FAILED',
        metadata: { utrNumber: '412345678901', adminNotes: 'No payment with this UTR in our bank statement' },
      }),
      transactionOf({
        transactionId: 'WDX',
        type: 'WITHDRAWAL',
        method: 'UPI',
        amount: -500,
        status: 'FAILED',
        metadata: { upiId: 'asha@ybl', adminNotes: 'UPI id closed' },
      }),
      transactionOf({
        transactionId: 'WDOK',
        type: 'WITHDRAWAL',
        method: 'UPI',
        amount: -500,
        status: 'COMPLETED',
        metadata: { upiId: 'asha@ybl', adminNotes: '612345678901' },
      }),
      transactionOf({
        transactionId: 'DEPOLD',
        method: 'UPI',
        amount: 100,
        status: 'FAILED',
        metadata: { utrNumber: '412345678902' },
      }),
    ];
    openWallet(summaryOf(), list);
    await waitFor(() => expect(shownIds()).toHaveLength(4));
    const [dep, wd, paid, old] = [...document.querySelectorAll<HTMLElement>('.txn')];
    expect(dep).toHaveTextContent('ReasonNo payment with this UTR in our bank statement');
    expect(dep).toHaveTextContent("If you paid, submit the UTR again with the payer's details, or contact support.");
    expect(wd).toHaveTextContent('ReasonUPI id closed');
    expect(wd).toHaveTextContent(
      'The amount is back in your main balance. Check your payout details and request again, or contact support.',
    );
    expect(paid).toHaveTextContent('Payout reference612345678901');
    expect(paid).not.toHaveTextContent('contact support');
    // Rejected before reasons were asked for: still told what to do.
    expect(old).not.toHaveTextContent('Reason');
    expect(old).toHaveTextContent('If you paid, submit the UTR again');
  });

  test('Refund and an unknown method: the label, or the method raw', async () => {
    openWallet(summaryOf(), [transactionOf({ method: 'REFUND', type: 'REFUND' }), transactionOf({ method: 'CRYPTO' })]);
    expect(await screen.findByText('Refund', { selector: '.txn__type' })).toBeInTheDocument();
    expect(document.querySelector('.txn')).not.toHaveTextContent(/Refund\s*Refund/);
    expect(screen.getByText('CRYPTO')).toBeInTheDocument();
  });

  test('a transaction made here goes to the front of the list', async () => {
    const { store } = openWallet(summaryOf(), [transactionOf({ transactionId: 'OLD' })]);
    await waitFor(() => expect(shownIds()).toEqual(['OLD']));
    act(() => {
      store.dispatch(transactionAdded(playerTransactionOf({ transactionId: 'NEW' })));
    });
    expect(shownIds()).toEqual(['NEW', 'OLD']);
  });

  test('shows a spinner while loading', async () => {
    openWallet(
      () => pending(),
      () => pending(),
    );
    expect(await screen.findByRole('status', { name: 'Loading wallet' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading transactions' })).toBeInTheDocument();
  });

  test("load errors appear as red text: the server's message, else the call's default", async () => {
    const first = openWallet(
      () => fail(500),
      () => fail(500, 'History is being rebuilt'),
    );
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getByText('Failed to fetch wallet summary')).toHaveClass('pay-error');
    expect(screen.getByText('History is being rebuilt')).toHaveClass('pay-error');
    first.unmount();

    openWallet(summaryOf(), () => fail(502));
    expect(await screen.findByText('Failed to fetch transaction history')).toHaveClass('pay-error');
  });

  test('the instructions are collapsed, and open to show the limits, processing time and GST', async () => {
    const { user } = openWallet();
    const toggle = await screen.findByRole('button', { name: 'Instructions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/minimum ₹100, maximum ₹10,000/)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Deposit: minimum ₹100, maximum ₹10,000/)).toBeInTheDocument();
    expect(screen.getByText(/Withdrawal: ₹500–₹25,000 per day/)).toBeInTheDocument();
    expect(
      screen.getByText('Processing time: 2–4 hours. You will be notified once the funds are transferred.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/18% GST applies to winnings/)).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByText(/Deposit: minimum/)).not.toBeInTheDocument();
  });

  test('a live balance-update changes the balances at once and reloads the list (a deposit approved)', async () => {
    let approved = false;
    const { store } = openWallet(
      () =>
        ok({
          summary: summaryOf({ balance: approved ? 600 : 100, isActive: approved, isEligibleForWithdrawal: approved }),
        }),
      () => ok({ transactions: [transactionOf({ transactionId: 'D1', status: approved ? 'COMPLETED' : 'PENDING' })] }),
    );
    await screen.findByText('PENDING');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹100.00');
    expect(withdrawButton()).toBeDisabled();

    approved = true;
    act(() => {
      store.dispatch(balanceUpdated({ balance: 620, mainBalance: 600, bonusBalance: 20 }));
    });
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹600.00');
    expect(screen.getByTestId('wallet-bonus')).toHaveTextContent('₹20.00');
    expect(await screen.findByText('COMPLETED')).toBeInTheDocument();
    await waitFor(() => expect(withdrawButton()).toBeEnabled());
  });
});
