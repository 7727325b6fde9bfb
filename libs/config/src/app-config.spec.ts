import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ROUND_SECONDS).toBe(30);
    expect(config.LOCK_SECONDS).toBe(5);
    expect(config.BET_PARTITIONS).toBe(4);
    expect(config.ALLOWED_EMAIL_DOMAINS).toEqual(['gmail.com']);
    expect(config.gstBps).toBe(1800);
    expect(config.payouts).toEqual({ color: 2, bigSmall: 2, number: 9 });
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it('explains a type problem before a range problem', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('Invalid configuration: PORT must be an integer number (got "abc")');
  });

  it('parses numbers, lists and payout overrides', () => {
    const config = loadConfig({ PORT: '4000', ALLOWED_EMAIL_DOMAINS: 'gmail.com, Example.org', PAYOUTS: 'number=8.5', GST_RATE: '0.28' });
    expect(config.PORT).toBe(4000);
    expect(config.ALLOWED_EMAIL_DOMAINS).toEqual(['gmail.com', 'example.org']);
    expect(config.payouts.number).toBe(8.5);
    expect(config.gstBps).toBe(2800);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ ROUND_SECONDS: '7' }, 'ROUND_SECONDS'],
    [{ LOCK_SECONDS: '30' }, 'LOCK_SECONDS'],
    [{ GST_RATE: '18' }, 'GST_RATE'],
    [{ PAYOUTS: 'colour=2' }, 'PAYOUTS'],
    [{ ADMIN_EMAIL: 'boss@gmail.com' }, 'ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production', API_KEY: 'k-123' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'API_KEY'],
    [{ ALLOWED_EMAIL_DOMAINS: 'gmail' }, 'ALLOWED_EMAIL_DOMAINS'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
    }
  });
});
