import { paiseToRupees } from '@app/domain';
import { AmountPicker, type AmountPickerProps } from '../../../shared/ui/AmountPicker';

interface PayAmountFieldProps extends Pick<AmountPickerProps, 'presetsPaise' | 'chosenPaise' | 'isEnabled' | 'titleOf'> {
  /** The amount as typed, in rupees (a preset fills it in). */
  amount: string;
  onAmount: (typed: string) => void;
  /** The custom amount field's bounds, in rupees, and its hint. */
  min?: number;
  max?: number;
  placeholder: string;
}

/** The amount of a deposit or a withdrawal: the preset chips and the custom amount field, in one fieldset. */
export function PayAmountField({ presetsPaise, chosenPaise, isEnabled, titleOf, amount, onAmount, min, max, placeholder }: PayAmountFieldProps) {
  return (
    <fieldset className="pay-group">
      <legend>Amount</legend>
      <AmountPicker
        presetsPaise={presetsPaise}
        chosenPaise={chosenPaise}
        isEnabled={isEnabled}
        titleOf={titleOf}
        onPick={(paise) => onAmount(String(paiseToRupees(paise)))}
      />
      <label className="pay-field">
        <span className="pay-field__label">Custom amount</span>
        <input
          className="pay-input"
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step="0.01"
          placeholder={placeholder}
          value={amount}
          onChange={(e) => onAmount(e.target.value)}
        />
      </label>
    </fieldset>
  );
}
