/** The public health answer: up or down, overall and per dependency (postgres, redis); the details are for operators. */
export interface HealthData {
  status: 'ok' | 'error';
  checks: Record<string, { status: 'up' | 'down' }>;
}
