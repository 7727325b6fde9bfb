import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithStore } from '../../../test/render-app';
import { toastShown } from '../toasts.slice';
import { ToastContainer } from './ToastContainer';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('close by themselves after 4 seconds', () => {
    const { store } = renderWithStore(<ToastContainer />);
    act(() => {
      store.dispatch(toastShown({ kind: 'success', message: 'Deposit request submitted.' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Deposit request submitted.');

    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.getByText('Deposit request submitted.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Deposit request submitted.')).not.toBeInTheDocument();
  });

  test('each toast keeps its own 4 seconds', () => {
    const { store } = renderWithStore(<ToastContainer />);
    act(() => {
      store.dispatch(toastShown({ message: 'First' }));
    });
    act(() => vi.advanceTimersByTime(2_000));
    act(() => {
      store.dispatch(toastShown({ message: 'Second' }));
    });
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  test('the same words again replace the toast showing (with a fresh 4 seconds) instead of stacking', () => {
    const { store } = renderWithStore(<ToastContainer />);
    act(() => {
      store.dispatch(toastShown({ kind: 'error', message: 'Betting is closed for this period.' }));
    });
    act(() => vi.advanceTimersByTime(3_000));
    act(() => {
      store.dispatch(toastShown({ kind: 'error', message: 'Betting is closed for this period.' }));
      store.dispatch(toastShown({ kind: 'success', message: 'Bet placed successfully.' }));
    });
    expect(screen.getAllByText('Betting is closed for this period.')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.getByText('Betting is closed for this period.')).toBeInTheDocument();
  });

  test('close with the close button', () => {
    const { store } = renderWithStore(<ToastContainer />);
    act(() => {
      store.dispatch(toastShown({ kind: 'error', message: 'Failed to fetch wallet summary' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch wallet summary');

    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('errors are alerts, other toasts are polite statuses', () => {
    const { store } = renderWithStore(<ToastContainer />);
    act(() => {
      store.dispatch(toastShown({ kind: 'error', message: 'Oops' }));
      store.dispatch(toastShown({ kind: 'info', message: 'Heads up' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Oops');
    expect(screen.getByRole('status')).toHaveTextContent('Heads up');
  });
});

describe('a toast with links', () => {
  test('shows them; following one goes there and closes the toast', async () => {
    const { store } = renderWithStore(<ToastContainer />);
    act(() => {
      store.dispatch(
        toastShown({
          kind: 'error',
          message: 'Your deposit of ₹500.00 was not approved. Reason: No payment reached us.',
          links: [
            { to: '/wallet', label: 'View transaction' },
            { to: '/help', label: 'Get help' },
          ],
        }),
      );
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Reason: No payment reached us.');
    expect(screen.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/help');
    fireEvent.click(screen.getByRole('link', { name: 'View transaction' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet');
    expect(store.getState().toasts.items).toEqual([]);
  });
});
