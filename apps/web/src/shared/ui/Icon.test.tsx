import { render } from '@testing-library/react';
import { Icon, ICON_PATHS } from './Icon';

describe('icon', () => {
  test('draws the named line icon in the text colour, hidden from screen readers', () => {
    const { container } = render(<Icon name="back" strokeWidth={2.5} />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '24');
    const path = svg.querySelector('path')!;
    expect(path).toHaveAttribute('d', ICON_PATHS.back);
    expect(path).toHaveAttribute('stroke', 'currentColor');
    expect(path).toHaveAttribute('stroke-width', '2.5');
  });

  test("a screen's own path and size", () => {
    const { container } = render(<Icon path="M2 7h20" size={22} />);
    expect(container.querySelector('svg')).toHaveAttribute('height', '22');
    expect(container.querySelector('path')).toHaveAttribute('d', 'M2 7h20');
  });
});
