import type { GameKey } from '@app/contracts';
import { colorOfDigit, COLOR_HEX, isValidChoice, type Color } from '@app/domain';
import { i18n } from '../../../shared/i18n/i18n';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const NAMED_CHOICES = new Set(['red', 'green', 'violet', 'big', 'small']);

/** A choice as the player reads it: 'Red', 'Big' (in the player's language), '7'. */
export function choiceText(game: GameKey, choice: string): string {
  if (game === 'number') return choice;
  return NAMED_CHOICES.has(choice) ? i18n.t(`game.choice.${choice}`) : capitalise(choice);
}

/** A round swatch of a game colour. */
export function ColorDot({ color, size = 14 }: { color: Color; size?: number }) {
  return (
    <span
      className="color-dot"
      style={{ background: COLOR_HEX[color], width: size, height: size }}
      aria-hidden="true"
    />
  );
}

/** The colour a choice is drawn in: its own colour, a digit's colour, or none for big/small. */
export function choiceColor(game: GameKey, choice: string): Color | null {
  if (game === 'color') return isValidChoice('color', choice) ? (choice as Color) : null;
  if (game === 'number' && isValidChoice('number', choice)) return colorOfDigit(Number(choice));
  return null;
}

/** A choice as text with its colour: 'Red', 'Big', '7'. */
export function ChoiceLabel({ game, choice }: { game: GameKey; choice: string }) {
  const color = choiceColor(game, choice);
  return (
    <span className="choice-label">
      {color && <ColorDot color={color} size={12} />}
      {choiceText(game, choice)}
    </span>
  );
}
