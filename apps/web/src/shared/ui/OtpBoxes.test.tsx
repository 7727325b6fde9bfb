import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { emptyOtp, OtpBoxes } from './OtpBoxes';

function Harness({ onComplete = () => undefined }: { onComplete?: (code: string) => void }) {
  const [value, setValue] = useState<string[]>(emptyOtp);
  return <OtpBoxes label="Verification code" value={value} onChange={setValue} onComplete={onComplete} />;
}

const boxes = () => screen.getAllByRole('textbox');
const values = () =>
  boxes()
    .map((b) => (b as HTMLInputElement).value)
    .join(',');

describe('six OTP boxes', () => {
  test('six labelled single-digit boxes in a named group, numeric keyboard', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]).toHaveAccessibleName('Digit 1 of 6');
    expect(boxes()[5]).toHaveAccessibleName('Digit 6 of 6');
    expect(boxes()[0]).toHaveAttribute('inputmode', 'numeric');
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
  });

  test('typing a digit moves to the next box; letters and symbols are ignored', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('1a2-');
    expect(values()).toBe('1,2,,,,');
    expect(boxes()[2]).toHaveFocus();
  });

  test('the sixth digit completes the code once', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    await user.click(boxes()[0]);
    await user.keyboard('48213');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('7');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('482137');
  });

  test('Backspace on an empty box clears the one before and moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1,2,,,,');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1,,,,,');
    expect(boxes()[1]).toHaveFocus();
  });

  test('pasting the code fills every box, whatever box it lands in, keeping only digits', async () => {
    const onComplete = vi.fn();
    const user = userEvent.setup();
    render(<Harness onComplete={onComplete} />);
    await user.click(boxes()[3]);
    await user.paste('Your code: 90 12-34');
    expect(values()).toBe('9,0,1,2,3,4');
    expect(onComplete).toHaveBeenCalledWith('901234');
  });

  test('a shorter paste fills from the box it lands in; a paste without digits changes nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[2]);
    await user.paste('56');
    expect(values()).toBe(',,5,6,,');
    await user.paste('abc');
    expect(values()).toBe(',,5,6,,');
  });

  test('typing over a filled box replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('12');
    await user.click(boxes()[0]);
    await user.keyboard('7');
    expect(values()).toBe('7,2,,,,');
    expect(boxes()[1]).toHaveFocus();
  });
});
