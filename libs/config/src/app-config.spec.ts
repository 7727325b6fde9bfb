import {
  AppConfig,
  ConfigError,
  JWT_ISSUER,
  KNOWN_VARIABLES,
  loadConfig,
  PASSWORD_HASH_PARAMETERS,
  SERVICE_NAME,
} from './app-config.js';
import { DEFAULT_PAYOUTS } from '@app/domain';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ROUND_SECONDS).toBe(30);
    expect(config.LOCK_SECONDS).toBe(5);
    expect(config.BET_PARTITIONS).toBe(4);
    expect(config.ALLOWED_EMAIL_DOMAINS).toEqual(['gmail.com']);
    expect(config.gstBps).toBe(1800);
    expect(config.payouts).toEqual(DEFAULT_PAYOUTS);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.redisClusterNodes).toEqual([]);
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000, 10.0.0.2:7001' }).redisClusterNodes).toEqual([
      { host: 'redis-1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
    ]);
    expect(config.GST_RATE).toBe(0.18);
    expect(config.referralTerms).toEqual({ shareBps: 1000, capPaise: 50_000 });
  });

  it('declares the issuer and the password hash cost once, at least OWASP’s minimum for argon2id', () => {
    expect(SERVICE_NAME).toBe('winround');
    expect(JWT_ISSUER).toBe(SERVICE_NAME);
    expect(PASSWORD_HASH_PARAMETERS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(Object.isFrozen(PASSWORD_HASH_PARAMETERS)).toBe(true);
  });

  it('explains a type problem before a range problem', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be an integer number (got "abc")',
    );
  });

  it('parses numbers, lists and payout overrides', () => {
    const config = loadConfig({
      PORT: '4000',
      ALLOWED_EMAIL_DOMAINS: 'gmail.com, Example.org',
      PAYOUTS: 'number=8.5',
      GST_RATE: '0.28',
    });
    expect(config.PORT).toBe(4000);
    expect(config.ALLOWED_EMAIL_DOMAINS).toEqual(['gmail.com', 'example.org']);
    expect(config.payouts.number['7']).toBe(8.5);
    expect(loadConfig({ PAYOUTS: 'violet=4.5' }).payouts).toEqual({
      ...DEFAULT_PAYOUTS,
      color: { red: 2, green: 2, violet: 4.5 },
    });
    expect(config.gstBps).toBe(2800);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_READ_URL: 'mysql://x' }, 'DATABASE_READ_URL'],
    [{ DATABASE_READ_MAX_LAG_MS: '10' }, 'DATABASE_READ_MAX_LAG_MS'],
    [{ DATABASE_POOLER: 'session' }, 'DATABASE_POOLER'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ REDIS_CLUSTER_NODES: 'redis-1:7000;redis-2' }, 'REDIS_CLUSTER_NODES'],
    [{ ROUND_SECONDS: '7' }, 'ROUND_SECONDS'],
    [{ LOCK_SECONDS: '30' }, 'LOCK_SECONDS'],
    [{ GST_RATE: '18' }, 'GST_RATE'],
    [{ PAYOUTS: 'colour=2' }, 'PAYOUTS'],
    [{ ADMIN_EMAIL: 'boss@gmail.com' }, 'ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', API_KEY: 'k-123' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(32) }, 'API_KEY'],
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

  describe('rules of the domain', () => {
    it.each([
      [
        { GST_RATE: '0.18005' },
        'GST_RATE',
        'Invalid configuration: GST_RATE must be a rate from 0 to 1 in whole basis points (at most 4 decimals) (GST rate must be between 0 and 1 with at most 4 decimals, got 0.18005)',
      ],
      [
        { PAYOUTS: 'number=8.555' },
        'PAYOUTS',
        'Invalid configuration: PAYOUTS must be comma-separated choice=multiplier pairs such as violet=4.5 (number=8.555: a multiplier is a number of at least 1 with at most 2 decimals)',
      ],
      [
        { PAYOUTS: 'violet=0' },
        'PAYOUTS',
        'Invalid configuration: PAYOUTS must be comma-separated choice=multiplier pairs such as violet=4.5 (violet=0: a multiplier is a number of at least 1 with at most 2 decimals)',
      ],
      [
        { PAYOUTS: 'purple=3' },
        'PAYOUTS',
        'Invalid configuration: PAYOUTS must be comma-separated choice=multiplier pairs such as violet=4.5 ("purple" is not a choice nor a game; names are red, green, violet, big, small, 0 to 9, or color, bigSmall, number for all of a game\'s choices)',
      ],
      [
        { PAYOUTS: 'violet=45' },
        'PAYOUTS',
        'Invalid configuration: PAYOUTS must be comma-separated choice=multiplier pairs such as violet=4.5 (the payout of violet must be at most 5 (it wins 2 rounds in 10: above that it pays back more than is staked on it), got 45)',
      ],
      [
        { PAYOUTS: 'violet=4,violet=4.5' },
        'PAYOUTS',
        'Invalid configuration: PAYOUTS must be comma-separated choice=multiplier pairs such as violet=4.5 (violet is given twice)',
      ],
      [
        { REFERRAL_SHARE: '0.12345' },
        'REFERRAL_SHARE',
        'Invalid configuration: REFERRAL_SHARE must be a share from 0 to 1 in whole basis points (at most 4 decimals) (Referral share must be between 0 and 1 with at most 4 decimals, got 0.12345)',
      ],
      [
        { ROUND_SECONDS: '7' },
        'ROUND_SECONDS',
        'Invalid configuration: ROUND_SECONDS must divide a day (86400) exactly (roundSeconds must be a positive integer dividing 86400, got 7)',
      ],
      [
        { ROUND_SECONDS: '10', LOCK_SECONDS: '10' },
        'LOCK_SECONDS',
        'Invalid configuration: LOCK_SECONDS must be shorter than ROUND_SECONDS (lockSeconds must be an integer from 0 to roundSeconds − 1, got 10)',
      ],
    ])('refuses %j with one message naming %s', (env, variable, message) => {
      try {
        loadConfig(env);
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).variable).toBe(variable);
        expect((error as Error).message).toBe(message);
      }
    });

    it('accepts what the domain accepts: a payout of exactly 1, a rate in basis points, a 10-second round locking at 9', () => {
      const config = loadConfig({
        PAYOUTS: 'color=1,violet=5,bigSmall=1.5',
        GST_RATE: '0.1234',
        ROUND_SECONDS: '10',
        LOCK_SECONDS: '9',
      });
      expect(config.payouts).toEqual({
        color: { red: 1, green: 1, violet: 5 },
        bigSmall: { big: 1.5, small: 1.5 },
        number: DEFAULT_PAYOUTS.number,
      });
      expect(config.gstBps).toBe(1234);
      expect(config.periodConfig).toEqual({ roundSeconds: 10, lockSeconds: 9 });
      expect(loadConfig({ REFERRAL_SHARE: '0.05', REFERRAL_CAP_RUPEES: '250' }).referralTerms).toEqual({
        shareBps: 500,
        capPaise: 25_000,
      });
    });
  });

  it('derives one key per purpose from the signing secret, the same on every node', () => {
    const a = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    const b = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(a.deriveKey('one-time-codes')).toHaveLength(32);
    expect(a.deriveKey('one-time-codes').equals(b.deriveKey('one-time-codes'))).toBe(true);
    expect(a.deriveKey('one-time-codes').equals(a.deriveKey('refresh-token-successor'))).toBe(false);
    expect(
      a.deriveKey('one-time-codes').equals(loadConfig({ JWT_SECRET: 'y'.repeat(32) }).deriveKey('one-time-codes')),
    ).toBe(false);
  });

  describe('the known variables', () => {
    it('are every property of the configuration class, optional ones included, and nothing else', () => {
      const defaults = Object.keys(new AppConfig());
      for (const key of defaults) expect(KNOWN_VARIABLES).toContain(key);
      for (const optional of [
        'DATABASE_URL',
        'DATABASE_READ_URL',
        'SMTP_URL',
        'JWT_SECRET',
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'WEB_ORIGIN',
        'WEB_DIST',
        'PAYOUTS',
        'METRICS_PORT',
        'API_DOCS',
      ]) {
        expect(KNOWN_VARIABLES).toContain(optional);
      }
      expect(KNOWN_VARIABLES.every((key) => /^[A-Z][A-Z0-9_]*$/.test(key))).toBe(true);
    });

    it('an unknown variable in the environment is ignored; a known one is read', () => {
      expect(loadConfig({ NOT_A_SETTING: 'x', WEB_DIST: '/srv/web' }).WEB_DIST).toBe('/srv/web');
      expect(loadConfig({ NOT_A_SETTING: 'x' })).not.toHaveProperty('NOT_A_SETTING');
    });
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.internal:587',
      JWT_SECRET: 'x'.repeat(32),
      API_KEY: 'client-key-1',
      ADMIN_EMAIL: 'operator@gmail.com',
      ADMIN_PASSWORD: 'a-long-operator-password',
    };
    const without = (name: keyof typeof production) =>
      Object.fromEntries(Object.entries(production).filter(([k]) => k !== name));

    it('starts with every secret set explicitly; documentation off unless API_DOCS=true', () => {
      expect(loadConfig(production).apiDocs).toBe(false);
      expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
      expect(loadConfig({}).apiDocs).toBe(true);
      expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    });

    it.each([
      [
        'SMTP_URL',
        'Invalid configuration: SMTP_URL is required in production: players receive their one-time codes by e-mail',
      ],
      ['JWT_SECRET', 'Invalid configuration: JWT_SECRET is required in production (at least 16 random characters)'],
      ['API_KEY', 'Invalid configuration: API_KEY must be set in production (not the development key)'],
      ['ADMIN_EMAIL', 'Invalid configuration: ADMIN_EMAIL is required in production (the first super-admin)'],
      ['ADMIN_PASSWORD', 'Invalid configuration: ADMIN_PASSWORD is required in production (the first super-admin)'],
    ] as const)('refuses to start without %s, with one message', (name, message) => {
      expect(() => loadConfig(without(name))).toThrow(message);
      try {
        loadConfig(without(name));
      } catch (error) {
        expect((error as ConfigError).variable).toBe(name);
        expect((error as Error).message).toBe(message);
      }
    });

    it('refuses the development API key and admin password', () => {
      expect(() => loadConfig({ ...production, API_KEY: 'dev-api-key' })).toThrow('API_KEY must be set in production');
      expect(() => loadConfig({ ...production, ADMIN_PASSWORD: 'admin12345' })).toThrow(
        'ADMIN_PASSWORD must not be the development password in production',
      );
    });
  });
});
