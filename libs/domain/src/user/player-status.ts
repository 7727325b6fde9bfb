import { FieldErrorCollector, trimmed, type FormResult } from '../validation/form-result.js';

/**
 * An operator's action on a player's account (DESIGN §4): suspend (every session ends at once, money routes and bets
 * are refused, pending withdrawals are held, the balance stays) or reinstate. Always with a reason, audited.
 */
export type PlayerAction = 'suspend' | 'reinstate';

export const PLAYER_REASON_MAX = 500;

export const PLAYER_ACTION_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason can be at most ${PLAYER_REASON_MAX} characters.`,
  notFound: 'Player not found.',
  alreadySuspended: 'This player is already suspended.',
  notSuspended: 'This player is not suspended.',
  suspended: 'Player suspended.',
  reinstated: 'Player reinstated.',
} as const;

/** The reason of an action: required, trimmed, at most 500 characters. */
export function validatePlayerActionReason(body: {
  readonly reason?: unknown;
}): FormResult<'reason', { reason: string }> {
  const errors = new FieldErrorCollector<'reason'>();
  const reason = trimmed(typeof body.reason === 'string' ? body.reason : '');
  if (reason === '') errors.add('reason', PLAYER_ACTION_MESSAGES.reasonRequired);
  else if ([...reason].length > PLAYER_REASON_MAX) errors.add('reason', PLAYER_ACTION_MESSAGES.reasonTooLong);
  return errors.result(() => ({ reason }));
}

export type PlayerActionRefusal = 'NOT_FOUND' | 'ALREADY_SUSPENDED' | 'NOT_SUSPENDED';

/**
 * Whether an action applies to an account: players only (an administrator is not found here), suspend an active
 * (or frozen) one, reinstate a suspended one. null when it applies.
 */
export function refusePlayerAction(
  action: PlayerAction,
  account: { readonly role: string; readonly status: string } | null,
): PlayerActionRefusal | null {
  if (!account || account.role !== 'user') return 'NOT_FOUND';
  if (action === 'suspend' && account.status === 'suspended') return 'ALREADY_SUSPENDED';
  if (action === 'reinstate' && account.status !== 'suspended') return 'NOT_SUSPENDED';
  return null;
}
