import { formatPaise, parseRupeeInput, rupeesToPaise } from '@app/domain';

export interface AmountPickerProps {
  /** The preset amounts, in paise. */
  presetsPaise: readonly number[];
  /** The amount chosen now, in paise (null for none): its preset shows pressed. */
  chosenPaise: number | null;
  /** A preset was tapped. */
  onPick: (paise: number) => void;
  /** A preset that cannot be picked now is shown disabled (e.g. above the balance). */
  isEnabled?: (paise: number) => boolean;
  /** Why a preset is not available, shown as its tooltip. */
  titleOf?: (paise: number) => string | undefined;
  /** The preset's text; by default the rupee figure without zero paise ('₹1,000'). */
  labelOf?: (paise: number) => string;
  /** The preset's accessible name, when it should say more than its text. */
  ariaLabelOf?: (paise: number) => string;
  /** The group's accessible name (e.g. 'Stake'); omitted inside a fieldset with its own legend. */
  groupLabel?: string;
  /** The look: the payment screens' chip grid, or the bet panel's stake row. */
  variant?: 'chips' | 'stakes';
}

/** A preset's default text: the rupee figure, leaving out zero paise ('₹1,000', '₹75.50'). */
export const presetLabel = (paise: number) => formatPaise(paise).replace(/\.00$/, '');

/** Paise of an amount typed in rupees, or null when it is not a rupee amount (empty, text, finer than a paisa). */
export function typedAmountPaise(typed: string): number | null {
  const rupees = parseRupeeInput(typed);
  return rupees === null ? null : rupeesToPaise(rupees);
}

const LOOK = {
  chips: { group: 'amount-grid', button: 'amount-chip' },
  stakes: { group: 'bet-sheet__stakes', button: 'stake-btn' },
} as const;

/** The preset amount buttons of the deposit and withdraw screens and the bet panel: one picks, it shows pressed. */
export function AmountPicker({
  presetsPaise,
  chosenPaise,
  onPick,
  isEnabled,
  titleOf,
  labelOf = presetLabel,
  ariaLabelOf,
  groupLabel,
  variant = 'chips',
}: AmountPickerProps) {
  const look = LOOK[variant];
  return (
    <div className={look.group} {...(groupLabel ? { role: 'group', 'aria-label': groupLabel } : {})}>
      {presetsPaise.map((paise) => (
        <button
          key={paise}
          type="button"
          className={look.button}
          disabled={isEnabled ? !isEnabled(paise) : undefined}
          title={titleOf?.(paise)}
          aria-pressed={chosenPaise === paise}
          aria-label={ariaLabelOf?.(paise)}
          onClick={() => onPick(paise)}
        >
          {labelOf(paise)}
        </button>
      ))}
    </div>
  );
}
