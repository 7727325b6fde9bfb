import type { PlayerBet as Bet } from '../../shared/records';

/**
 * A live bet-update merged into the history (SPEC 4): an existing bet (same _id) takes the new status, isWin,
 * winAmountPaise, systemSelectedValue and dates; any other bet is added at the front.
 */
export function mergeBetUpdate(bets: readonly Bet[], update: Bet): Bet[] {
  const index = bets.findIndex((bet) => bet._id === update._id);
  if (index === -1) return [update, ...bets];
  const current = bets[index]!;
  const merged: Bet = {
    ...current,
    status: update.status,
    isWin: update.isWin,
    winAmountPaise: update.winAmountPaise,
    systemSelectedValue: update.systemSelectedValue,
    createdAt: update.createdAt ?? current.createdAt,
    updatedAt: update.updatedAt ?? current.updatedAt,
  };
  const next = bets.slice();
  next[index] = merged;
  return next;
}

/**
 * A freshly fetched history with the live updates that arrived while it was loading: a live copy wins when it is
 * newer, and bets the fetch did not know yet go to the front.
 */
export function mergeFetchedBets(fetched: readonly Bet[], live: readonly Bet[]): Bet[] {
  let bets = fetched.slice();
  for (const update of [...live].reverse()) {
    const known = bets.find((bet) => bet._id === update._id);
    if (!known || Date.parse(update.updatedAt) > Date.parse(known.updatedAt)) bets = mergeBetUpdate(bets, update);
  }
  return bets;
}
