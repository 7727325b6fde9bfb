import { RedisService } from '@app/redis';
import { eventually, startTestApi, type TestApi } from '@app/testing';
import { MetricsServer } from '../metrics/metrics-server.js';

describe('health: up or down in public, the details on the operations port and in the logs', () => {
  let api: TestApi;
  const lines: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    const original = process.stdout.write;
    // pino writes through process.stdout once its write has been replaced (this capture).
    process.stdout.write = ((chunk: string | Uint8Array) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
    restore = () => {
      process.stdout.write = original;
    };
    api = await startTestApi({ env: { METRICS_PORT: '0', LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await api.close();
    restore();
  });

  const ops = async () => {
    const res = await fetch(`http://127.0.0.1:${api.app.get(MetricsServer).port}/health`);
    return {
      status: res.status,
      body: (await res.json()) as {
        status: string;
        checks: Record<string, { status: string; latencyMs?: number; error?: string }>;
      },
    };
  };

  it('answers 200 with the status of each dependency, and nothing else', async () => {
    const res = await api.request('GET', '/api/v1/health', { apiKey: null });
    expect([res.status, res.body]).toEqual([
      200,
      { success: true, data: { status: 'ok', checks: { postgres: { status: 'up' }, redis: { status: 'up' } } } },
    ]);
    const detailed = await ops();
    expect(detailed.status).toBe(200);
    expect(detailed.body.checks.postgres).toEqual({ status: 'up', latencyMs: expect.any(Number) });
  });

  it("answers 503 when Redis is down without the driver's words, which go to the operations port and the log", async () => {
    const redis = api.app.get(RedisService).client;
    redis.disconnect();
    try {
      const res = await api.request('GET', '/api/v1/health', { apiKey: null });
      expect([res.status, res.body]).toEqual([
        503,
        {
          success: false,
          data: { status: 'error', checks: { postgres: { status: 'up' }, redis: { status: 'down' } } },
        },
      ]);
      const detailed = await ops();
      expect(detailed.status).toBe(503);
      expect(detailed.body).toMatchObject({
        status: 'error',
        checks: { redis: { status: 'down', error: expect.stringMatching(/\w/) } },
      });
      const error = detailed.body.checks.redis!.error!;
      expect(JSON.stringify(res.body)).not.toContain(error);
      // Logged once when it went down (not on every probe), with the error.
      await api.request('GET', '/api/v1/health', { apiKey: null });
      const failing = lines.filter((l) => l.includes('health check failing'));
      expect(failing).toHaveLength(1);
      expect(failing[0]).toContain(error);
    } finally {
      await redis.connect();
    }
    await eventually(
      async () => (await api.request('GET', '/api/v1/health', { apiKey: null })).status === 200,
      10_000,
      'healthy again',
    );
    expect(lines.some((l) => l.includes('health check passing again'))).toBe(true);
  });
});
