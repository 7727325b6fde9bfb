export interface HealthData {
  status: 'ok' | 'error';
  checks: Record<string, { status: 'up' | 'down'; latencyMs?: number; error?: string }>;
}
