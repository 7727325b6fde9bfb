import type {
  AdminPlayer,
  AdminPlayerData,
  AdminPlayerOverview,
  AdminPlayerOverviewData,
  AdminPlayersData,
  PlaySafelyData,
  PlaySafelyView,
} from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { PLAYERS_TEXTS } from './players-texts';

export interface PlayersQuery {
  q: string;
  suspendedOnly: boolean;
}

/** GET /admin/players?q&status=suspended → data.players (newest accounts first, at most 50). */
export async function fetchPlayers(api: ApiClient, query: PlayersQuery): Promise<AdminPlayer[]> {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.suspendedOnly) params.set('status', 'suspended');
  const text = params.toString();
  const { data } = await api.get<AdminPlayersData>(`/admin/players${text ? `?${text}` : ''}`, {
    defaultMessage: PLAYERS_TEXTS.loadFailed,
  });
  if (!Array.isArray(data?.players)) throw new ApiError(PLAYERS_TEXTS.loadFailed, 500);
  return data.players;
}

/** PUT /admin/players/:id/suspend|reinstate {reason} → the player as they are now, and the server's message. */
export async function actOnPlayer(
  api: ApiClient,
  userId: string,
  action: 'suspend' | 'reinstate',
  reason: string,
): Promise<{ player: AdminPlayer; message?: string }> {
  const { data, message } = await api.put<AdminPlayerData>(
    `/admin/players/${encodeURIComponent(userId)}/${action}`,
    { reason },
    { defaultMessage: PLAYERS_TEXTS.actionFailed },
  );
  if (!data?.player) throw new ApiError(PLAYERS_TEXTS.actionFailed, 500);
  return { player: data.player, ...(message ? { message } : {}) };
}

/** GET /admin/players/:id/limits → the player's own limits, read-only. */
export async function fetchPlayerLimits(api: ApiClient, userId: string): Promise<PlaySafelyView> {
  const { data } = await api.get<PlaySafelyData>(`/admin/players/${encodeURIComponent(userId)}/limits`, {
    defaultMessage: PLAYERS_TEXTS.limitsFailed,
  });
  if (!data?.playSafely) throw new ApiError(PLAYERS_TEXTS.limitsFailed, 500);
  return data.playSafely;
}

/** GET /admin/players/:id/overview → the player view: balances, ledger, claims, bets, limits and break (rupees). */
export async function fetchPlayerOverview(api: ApiClient, userId: string): Promise<AdminPlayerOverview> {
  const { data } = await api.get<AdminPlayerOverviewData>(`/admin/players/${encodeURIComponent(userId)}/overview`, {
    defaultMessage: PLAYERS_TEXTS.overviewFailed,
  });
  const overview = data?.overview;
  if (
    !overview?.player ||
    !Array.isArray(overview.ledger) ||
    !Array.isArray(overview.claims) ||
    !Array.isArray(overview.bets)
  )
    throw new ApiError(PLAYERS_TEXTS.overviewFailed, 500);
  return overview;
}
