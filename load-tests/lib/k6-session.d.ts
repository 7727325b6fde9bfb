// Types of k6-session.js for the TypeScript specs.
export const DEFAULT_PLAYERS_FILE: string;
export const THRESHOLDS: Record<string, string[]>;
export const BET_ANSWER_GRACE_MS: number;
export function rampPlan(
  env: Record<string, string | undefined>,
  playerCount: number,
): { vus: number; rampSeconds: number; sessionSeconds: number; startOffsetMs(vu: number): number };
export function secondsLeft(
  plan: { rampSeconds: number; sessionSeconds: number },
  scenarioStartMs: number,
  nowMs: number,
): number;
export function k6Options(env: Record<string, string | undefined>, playerCount: number): any;
export function runSession(options: {
  socket: any;
  info: { token: string };
  apiKey: string;
  metrics: Record<string, (value?: any) => void>;
  sessionSeconds?: number;
  betEveryMs?: number;
  betChance?: number;
  now?: () => number;
  random?: () => number;
}): any;
