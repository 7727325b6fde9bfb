#!/usr/bin/env node
// Checks of the deployment files that need no Docker engine: the rendered compose file (pinned images, health
// checks, start order gated on health), the Dockerfile's base images, and the Prometheus rules and the Grafana
// dashboard against the metrics the processes really export. `node deploy/checks.mjs` prints every problem and
// exits 1 if there is one; deploy/deploy.spec.ts runs the same checks.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as yaml from 'js-yaml';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A tag that names a release: at least major.minor (`17.6-alpine`, `v3.5.0`, `24.11.1-bookworm-slim`). */
export function pinnedTag(image) {
  const at = image.lastIndexOf(':');
  if (image.includes('@sha256:')) return true;
  if (at === -1 || at < image.lastIndexOf('/')) return false;
  const tag = image.slice(at + 1);
  return tag !== 'latest' && /^v?\d+\.\d+(\.\d+)*([-_.][A-Za-z0-9.]+)*$/.test(tag);
}

/** `docker-compose config` of the repository's compose file with the CI placeholder secrets, parsed. */
export function renderCompose(root = ROOT) {
  const text = execFileSync(
    'docker-compose',
    ['-f', join(root, 'docker-compose.yml'), '--env-file', join(root, '.ci/compose.env'), 'config'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return yaml.load(text);
}

/** Problems of a rendered compose file (an object as `docker-compose config` prints it). */
export function composeProblems(compose, { version } = {}) {
  const problems = [];
  const services = compose.services ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (!service.image) problems.push(`${name}: no image (a built service needs a tagged image name)`);
    else if (!pinnedTag(service.image)) problems.push(`${name}: image ${service.image} is not pinned to a release`);
    if (version && service.build && service.image && !service.image.endsWith(`:${version}`)) {
      problems.push(`${name}: built image ${service.image} is not tagged with the release ${version}`);
    }
    // A one-shot job (its own entrypoint, no restart policy) needs no health check; everything that keeps running does.
    const longRunning = service.restart !== undefined && service.restart !== 'no';
    if (longRunning && !(service.healthcheck?.test && !service.healthcheck.disable))
      problems.push(`${name}: runs continuously but has no health check`);
    const dependsOn = service.depends_on ?? {};
    const entries = Array.isArray(dependsOn) ? dependsOn.map((d) => [d, {}]) : Object.entries(dependsOn);
    for (const [dependency, how] of entries) {
      if (how.condition !== 'service_healthy' && how.condition !== 'service_completed_successfully') {
        problems.push(
          `${name}: starts without waiting for ${dependency} to be healthy (condition ${how.condition ?? 'none'})`,
        );
      } else if (how.condition === 'service_healthy' && !services[dependency]?.healthcheck?.test) {
        problems.push(`${name}: waits for ${dependency} to be healthy, which has no health check`);
      }
    }
  }
  return problems;
}

/** The base images of a Dockerfile (FROM lines, with ARG defaults substituted). */
export function dockerfileBases(text) {
  const args = {};
  const stages = new Set();
  const bases = [];
  for (const line of text.split('\n')) {
    const arg = /^ARG\s+([A-Za-z_][A-Za-z0-9_]*)=(\S+)/.exec(line);
    if (arg) args[arg[1]] = arg[2];
    const from = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (!from) continue;
    const image = from[1].replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name) => args[name] ?? '');
    if (!stages.has(image)) bases.push({ image, stage: from[2] ?? null });
    if (from[2]) stages.add(from[2]);
  }
  return bases;
}

/** Problems of the Dockerfile: unpinned bases, a Node that is not an LTS line (even major ≥ 22), a key or secret build argument with a default, a server stage that ships more than the server. */
export function dockerfileProblems(text) {
  const problems = [];
  const bases = dockerfileBases(text);
  for (const { image, stage } of bases) {
    if (!pinnedTag(image)) problems.push(`stage ${stage}: base image ${image} is not pinned to a release`);
    const node = /^node:(\d+)(?:[.-]|$)/.exec(image);
    if (node && (Number(node[1]) < 22 || Number(node[1]) % 2 !== 0))
      problems.push(`stage ${stage}: ${image} is not a supported Node LTS line`);
  }
  if (!bases.some((b) => /^node:/.test(b.image))) problems.push('no Node base image');
  for (const [, name] of text.matchAll(/^ARG\s+([A-Za-z_]*(?:KEY|SECRET|PASSWORD|TOKEN)[A-Za-z0-9_]*)=/gm)) {
    problems.push(`build argument ${name} has a default: an image built without it would carry a development value`);
  }
  const server = text.split(/^FROM /m).find((s) => /\bAS server\b/i.test(s.split('\n')[0]));
  if (!server) problems.push('no `server` stage');
  else {
    if (/COPY --from=\S+ \/app\/node_modules/.test(server))
      problems.push('server stage copies the whole node_modules of the build');
    if (!/COPY --from=\S+ \/server\/node_modules/.test(server))
      problems.push('server stage does not copy the server package set (deploy/server-deps.mjs)');
    if (/COPY --from=\S+ \/app\/dist(\s|\/web)/.test(server)) problems.push('server stage copies the web build');
    if (/npm (ci|install)/.test(server)) problems.push('server stage installs packages itself');
  }
  return problems;
}

// ── metrics ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** Announced by the round engine (#11): referenced by the rules before they are exported. */
export const ANNOUNCED_METRICS = ['wr_periods_overdue', 'wr_periods_refunded_total', 'wr_bet_batch_retries_total'];
/** Series Prometheus itself writes for every target. */
export const PROMETHEUS_SERIES = ['up', 'scrape_duration_seconds', 'scrape_samples_scraped'];

function sourceFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'testing') continue;
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.ts$/.test(entry) && !/\.(spec|int-spec|test)\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

/** Metric names registered with prom-client in apps/ and libs/ (`name: 'wr_…'` or a gauge('ledger_…') helper). */
export function registeredMetrics(root = ROOT) {
  const names = new Set();
  for (const file of [
    ...sourceFiles(join(root, 'apps/api/src')),
    ...sourceFiles(join(root, 'apps/round-engine/src')),
    ...sourceFiles(join(root, 'libs')),
  ]) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('prom-client')) continue;
    for (const m of text.matchAll(/\bname:\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'/g)) names.add(m[1]);
    for (const m of text.matchAll(/\bgauge\(\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'/g)) names.add(m[1]);
  }
  return names;
}

/** Node's default metrics as prom-client registers them (the `collectDefaultMetrics` of libs/observability). */
export async function defaultMetrics() {
  const { Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const names = (await registry.getMetricsAsJSON()).map((m) => m.name);
  registry.clear();
  return new Set(names);
}

const HISTOGRAM_SUFFIX = /_(bucket|sum|count)$/;
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
  'atan2',
]);

/** The metric names a PromQL expression reads. */
export function metricsOf(expr) {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""') // strings
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' '); // label lists
  const names = new Set();
  for (const m of stripped.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*(\(?))/g)) {
    const word = m[0];
    const before = stripped[m.index - 1];
    if (before && /[0-9.]/.test(before)) continue; // 1e3, 5m
    if (m[1] === '(' || KEYWORDS.has(word.toLowerCase())) continue; // functions, aggregations, keywords
    names.add(word);
  }
  return [...names];
}

/** Problems of PromQL expressions against a set of known metric names ({ where, expr } each). */
export function expressionProblems(exprs, known) {
  const problems = [];
  const isKnown = (name) =>
    known.has(name) || (HISTOGRAM_SUFFIX.test(name) && known.has(name.replace(HISTOGRAM_SUFFIX, '')));
  for (const { where, expr } of exprs) {
    if (typeof expr !== 'string' || !expr.trim()) {
      problems.push(`${where}: no expression`);
      continue;
    }
    let depth = 0;
    for (const ch of expr) {
      if ('([{'.includes(ch)) depth++;
      if (')]}'.includes(ch)) depth--;
      if (depth < 0) break;
    }
    if (depth !== 0) problems.push(`${where}: unbalanced brackets in ${expr}`);
    const metrics = metricsOf(expr);
    if (metrics.length === 0) problems.push(`${where}: reads no metric`);
    for (const name of metrics) if (!isKnown(name)) problems.push(`${where}: unknown metric ${name}`);
  }
  return problems;
}

/** Every metric the rules and the dashboard may use. */
export async function knownMetrics(root = ROOT) {
  return new Set([...registeredMetrics(root), ...(await defaultMetrics()), ...ANNOUNCED_METRICS, ...PROMETHEUS_SERIES]);
}

/** The alert rules: [{ alert, expr, for, labels, annotations, group }]. */
export function alertRules(root = ROOT) {
  const doc = yaml.load(readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8'));
  return (doc.groups ?? []).flatMap((g) => (g.rules ?? []).map((r) => ({ ...r, group: g.name })));
}

/** Where every alert's runbook section is: each rule's `runbook` annotation links to a heading of this page. */
export const RUNBOOK = 'docs/operations.md';

/** Problems of the alert rules: shape, severity, runbook links to sections of the runbook page (its text), metric names. */
export function alertProblems(rules, known, runbook) {
  const problems = [];
  const anchors = new Set(
    [...runbook.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
      m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    ),
  );
  const seen = new Set();
  for (const rule of rules) {
    const where = `alert ${rule.alert ?? '?'}`;
    if (!rule.alert) problems.push(`a rule in ${rule.group} is not an alert`);
    if (seen.has(rule.alert)) problems.push(`${where}: defined twice`);
    seen.add(rule.alert);
    if (!['critical', 'warning'].includes(rule.labels?.severity))
      problems.push(`${where}: severity must be critical or warning`);
    if (!rule.annotations?.summary || !rule.annotations?.description)
      problems.push(`${where}: needs a summary and a description`);
    const [, page, anchor] = /^([^#]*)#(.+)$/.exec(rule.annotations?.runbook ?? '') ?? [];
    if (!anchor) problems.push(`${where}: no runbook link`);
    else if (page !== RUNBOOK)
      problems.push(`${where}: the runbook link must point into ${RUNBOOK}, not ${page || 'nowhere'}`);
    else if (!anchors.has(anchor)) problems.push(`${where}: ${RUNBOOK} has no section #${anchor}`);
    if (rule.for !== undefined && !/^\d+[smhd]$/.test(rule.for)) problems.push(`${where}: bad duration ${rule.for}`);
  }
  problems.push(
    ...expressionProblems(
      rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
      known,
    ),
  );
  return problems;
}

/** The dashboard's panels' queries. */
export function dashboardExpressions(dashboard) {
  const panels = (dashboard.panels ?? []).flatMap((p) => [p, ...(p.panels ?? [])]);
  return panels.flatMap((p) =>
    (p.targets ?? []).map((t, i) => ({
      where: `panel "${p.title}" query ${t.refId ?? i}`,
      expr: t.expr,
      datasource: t.datasource ?? p.datasource,
    })),
  );
}

/** Problems of the Grafana dashboard and its provisioning. */
export function dashboardProblems(dashboard, known, datasourceUids) {
  const problems = [];
  if (!dashboard.uid || !dashboard.title) problems.push('dashboard: needs a uid and a title');
  const ids = (dashboard.panels ?? []).map((p) => p.id);
  if (new Set(ids).size !== ids.length) problems.push('dashboard: panel ids are not unique');
  const exprs = dashboardExpressions(dashboard);
  if (exprs.length === 0) problems.push('dashboard: no queries');
  for (const e of exprs)
    if (!datasourceUids.has(e.datasource?.uid))
      problems.push(`${e.where}: data source ${e.datasource?.uid} is not provisioned`);
  problems.push(...expressionProblems(exprs, known));
  return problems;
}

/** Every check of the deployment files; resolves with the list of problems (empty when all is well). */
export async function allProblems(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const compose = renderCompose(root);
  const known = await knownMetrics(root);
  const runbook = readFileSync(join(root, RUNBOOK), 'utf8');
  const datasources = yaml.load(
    readFileSync(join(root, 'deploy/grafana/provisioning/datasources/prometheus.yml'), 'utf8'),
  );
  const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/winround-dashboard.json'), 'utf8'));
  return [
    ...composeProblems(compose, { version: pkg.version }).map((p) => `docker-compose.yml: ${p}`),
    ...dockerfileProblems(readFileSync(join(root, 'Dockerfile'), 'utf8')).map((p) => `Dockerfile: ${p}`),
    ...alertProblems(alertRules(root), known, runbook).map((p) => `alerts.yml: ${p}`),
    ...dashboardProblems(dashboard, known, new Set(datasources.datasources.map((d) => d.uid))).map(
      (p) => `winround-dashboard.json: ${p}`,
    ),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await allProblems();
  for (const p of problems) console.error(p);
  console.log(problems.length === 0 ? 'deployment files: ok' : `${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
