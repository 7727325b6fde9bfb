import { rupeeTick, seriesValue } from './UPlotChart';

describe('the charts’ figures', () => {
  it('put the sign before the rupee symbol and group in lakhs', () => {
    expect(rupeeTick(-500)).toBe('−₹500');
    expect(rupeeTick(125000)).toBe('₹1,25,000');
    expect(rupeeTick(0)).toBe('₹0');
    expect(rupeeTick(-0.4)).toBe('₹0');
  });

  it('show a hovered value as rupees or a count, and a gap as a dash', () => {
    expect(seriesValue('money', -1250.6)).toBe('−₹1,251');
    expect(seriesValue('count', 1234.2)).toBe('1,234');
    expect(seriesValue('money', null)).toBe('—');
    expect(seriesValue('count', Number.NaN)).toBe('—');
  });
});
