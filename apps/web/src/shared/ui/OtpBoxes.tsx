import { OTP_LENGTH, otpDigits } from '@app/domain';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useT } from '../i18n/i18n';

/** The boxes' value: one entry per box, '' for an empty box. */
export type OtpValue = readonly string[];

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/** The code typed so far ('' entries skipped); complete when it has 6 digits. */
export const otpCode = (value: OtpValue): string => value.join('');

export const isOtpComplete = (value: OtpValue): boolean => value.every((d) => /^[0-9]$/.test(d));

export interface OtpBoxesProps {
  value: OtpValue;
  onChange: (value: string[]) => void;
  /** Called when an entry (typing, paste, autofill) fills the sixth box. */
  onComplete?: (code: string) => void;
  /** Name of the group for screen readers, e.g. 'Verification code'. */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the element describing the code (its error). */
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * Six single-digit boxes. Only digits are kept; typing moves to the next box; Backspace on an empty box clears
 * the one before and moves back; a paste (or the phone's one-time-code autofill) of the whole code fills every
 * box, a shorter paste fills from the box it lands in.
 */
export function OtpBoxes({
  value,
  onChange,
  onComplete,
  label,
  disabled,
  invalid,
  describedBy,
  autoFocus,
}: OtpBoxesProps) {
  const { t } = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[], focusIndex: number) => {
    onChange(next);
    focusBox(focusIndex);
    if (isOtpComplete(next) && otpCode(next) !== otpCode(value)) onComplete?.(otpCode(next));
  };

  /** Writes `digits` into the boxes from `start` on. */
  const fillFrom = (start: number, digits: string) => {
    const next = [...value];
    const from = digits.length >= OTP_LENGTH ? 0 : start;
    for (let i = 0; i < digits.length && from + i < OTP_LENGTH; i++) next[from + i] = digits[i];
    commit(next, Math.min(from + digits.length, OTP_LENGTH - 1));
  };

  const handleInput = (index: number, raw: string) => {
    const old = value[index];
    // A digit typed into a filled box arrives next to the old one: keep the new one.
    const typed = old && raw.length > 1 && raw.includes(old) ? raw.replace(old, '') : raw;
    const digits = otpDigits(typed);
    if (digits.length === 0) {
      if (raw === '') {
        const next = [...value];
        next[index] = '';
        onChange(next);
      }
      return; // letters and symbols are ignored
    }
    if (digits.length === 1) {
      const next = [...value];
      next[index] = digits;
      commit(next, index + 1);
      return;
    }
    fillFrom(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = otpDigits(event.clipboardData.getData('text'));
    if (digits) fillFrom(index, digits);
  };

  return (
    <fieldset
      className="otp"
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className={`otp__box${digit ? ' otp__box--filled' : ''}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('common.otpDigit', { index: index + 1, count: OTP_LENGTH })}
          value={digit}
          autoFocus={autoFocus && index === 0}
          onChange={(e) => handleInput(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={(e) => handlePaste(index, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </fieldset>
  );
}
