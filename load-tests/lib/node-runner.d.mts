// Types of the Node load-test runner (node-runner.mjs) for the TypeScript code that drives it.
import type WebSocket from 'ws';

export interface LoadPlayerInfo {
  id: string;
  token: string;
}

export interface LoadPlayer {
  connected: boolean;
  periodId: string | null;
  lockTime: number;
  balance: number | null;
  /** Feeds the player one text frame, as its socket received it. */
  receive(text: string): void;
  placeBet(betType: string, betValue: string, amount: number): boolean;
  placeRandomBet(random?: () => number, amount?: number): string | false;
  serverNow(): number;
}

export interface LoadClient {
  player: LoadPlayer;
  ws: WebSocket;
  info: LoadPlayerInfo;
}

export type Observe = (
  kind: 'connected' | 'connect_error' | 'period' | 'bet' | 'result',
  value: any,
  info: LoadPlayerInfo,
) => void;

export function connectPlayers(options: {
  url: string;
  urls?: string[];
  apiKey: string;
  players: LoadPlayerInfo[];
  observe?: Observe;
  concurrency?: number;
  timeoutMs?: number;
  /** Spread each player's new-period requests over this many ms (0: at once, as the game screen asks). */
  requestSpreadMs?: number;
}): Promise<LoadClient[]>;

export function closeAll(clients: LoadClient[]): void;
