import { winBreakdown } from '@app/domain';
import { winDeductionText, youWinText } from './win-texts';

describe('potential win texts', () => {
  test('the net credited first, then the gross and the GST taken', () => {
    expect(youWinText(winBreakdown(10000, 'number', '7', { gstBps: 1800 }))).toBe(
      'You win ₹756.00 (₹900.00 less ₹144.00 GST)',
    );
    expect(youWinText(winBreakdown(1000, 'color', 'red', { gstBps: 1800 }))).toBe(
      'You win ₹18.20 (₹20.00 less ₹1.80 GST)',
    );
  });

  test('without GST the net alone is shown', () => {
    const win = winBreakdown(1000, 'color', 'green', { gstBps: 0 });
    expect(winDeductionText(win)).toBe('');
    expect(youWinText(win)).toBe('You win ₹20.00');
  });
});
