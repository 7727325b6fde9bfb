import { paiseToRupees } from '@app/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { AmountPicker, presetLabel, typedAmountPaise } from './AmountPicker';

const PRESETS = [10_000, 50_000, 100_000, 1_000_000];

describe('amount picker', () => {
  test('shows each preset in rupees without zero paise, marks the chosen one and reports a tap in paise', () => {
    const onPick = vi.fn();
    render(<AmountPicker presetsPaise={PRESETS} chosenPaise={50_000} onPick={onPick} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['₹100', '₹500', '₹1,000', '₹10,000']);
    expect(screen.getByRole('button', { name: '₹500' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '₹100' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: '₹10,000' }));
    expect(onPick).toHaveBeenCalledWith(1_000_000);
  });

  test('a preset that is not available is disabled and says why', () => {
    render(
      <AmountPicker
        presetsPaise={PRESETS}
        chosenPaise={null}
        onPick={() => undefined}
        isEnabled={(paise) => paise >= 50_000 && paise <= 100_000}
        titleOf={(paise) => (paise < 50_000 ? 'Minimum withdrawal is ₹500.' : undefined)}
      />,
    );
    expect(screen.getByRole('button', { name: '₹100' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '₹100' })).toHaveAttribute('title', 'Minimum withdrawal is ₹500.');
    expect(screen.getByRole('button', { name: '₹500' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '₹500' })).not.toHaveAttribute('title');
    expect(screen.getByRole('button', { name: '₹10,000' })).toBeDisabled();
  });

  test("the bet panel's look: a named group of stake buttons with their own texts and names", () => {
    render(
      <AmountPicker
        variant="stakes"
        groupLabel="Stake"
        presetsPaise={[1000, 100_000]}
        chosenPaise={0}
        onPick={() => undefined}
        labelOf={(paise) => `₹${paiseToRupees(paise)}`}
        ariaLabelOf={(paise) => `Stake ₹${paiseToRupees(paise)}`}
      />,
    );
    const group = screen.getByRole('group', { name: 'Stake' });
    expect(group).toHaveClass('bet-sheet__stakes');
    expect(screen.getByRole('button', { name: 'Stake ₹1000' })).toHaveTextContent('₹1000');
    expect(screen.getByRole('button', { name: 'Stake ₹1000' })).toHaveClass('stake-btn');
    expect(screen.getAllByRole('button').every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  test('a typed amount is read in paise only when it is a rupee amount', () => {
    expect(typedAmountPaise('500')).toBe(50_000);
    expect(typedAmountPaise(' 75.60 ')).toBe(7560);
    expect(typedAmountPaise('')).toBeNull();
    expect(typedAmountPaise('12.345')).toBeNull();
    expect(typedAmountPaise('abc')).toBeNull();
    expect(presetLabel(7550)).toBe('₹75.50');
  });
});
