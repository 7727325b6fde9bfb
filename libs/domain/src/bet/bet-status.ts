/**
 * A bet's life: PENDING from placement until its period is settled (COMPLETED, won or lost) or refunded
 * (REFUNDED, when the period could not be drawn in time). Each move happens once.
 */
export const BET_STATUSES = ['PENDING', 'COMPLETED', 'REFUNDED'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
