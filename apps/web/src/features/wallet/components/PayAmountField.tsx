import { paiseToRupees } from '@app/domain';
import { useId } from 'react';
import { AmountPicker, type AmountPickerProps } from '../../../shared/ui/AmountPicker';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

interface PayAmountFieldProps extends Pick<
  AmountPickerProps,
  'presetsPaise' | 'chosenPaise' | 'isEnabled' | 'titleOf'
> {
  /** The amount as typed, in rupees (a preset fills it in). */
  amount: string;
  onAmount: (typed: string) => void;
  /** The custom amount field's bounds, in rupees, and its hint. */
  min?: number;
  max?: number;
  placeholder: string;
  /** Said under the chips (e.g. why some cannot be chosen). */
  note?: string | null;
  /** The amount's own error, shown under the field. */
  error?: string | null;
}

/** The amount of a deposit or a withdrawal: the preset chips and the custom amount field, in one fieldset. */
export function PayAmountField({
  presetsPaise,
  chosenPaise,
  isEnabled,
  titleOf,
  amount,
  onAmount,
  min,
  max,
  placeholder,
  note,
  error,
}: PayAmountFieldProps) {
  const inputId = useId();
  const { t } = useT();
  const noteId = useId();
  const errorId = useId();
  return (
    <fieldset className="pay-group">
      <legend>{t('wallet.amount')}</legend>
      <AmountPicker
        presetsPaise={presetsPaise}
        chosenPaise={chosenPaise}
        isEnabled={isEnabled}
        titleOf={titleOf}
        onPick={(paise) => onAmount(String(paiseToRupees(paise)))}
      />
      {note && (
        <p id={noteId} className="pay-hint">
          {note}
        </p>
      )}
      <div className="pay-field">
        <label className="pay-field__label" htmlFor={inputId}>
          {t('wallet.customAmount')}
        </label>
        <input
          id={inputId}
          className="pay-input"
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step="0.01"
          placeholder={placeholder}
          value={amount}
          aria-invalid={error ? true : undefined}
          aria-describedby={[note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
          onChange={(e) => onAmount(e.target.value)}
        />
        {error && (
          <span id={errorId} className="pay-field__error">
            {translateServerMessage(error)}
          </span>
        )}
      </div>
    </fieldset>
  );
}
