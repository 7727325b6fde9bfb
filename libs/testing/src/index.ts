/**
 * The shared test stack. Integration specs (`*.int-spec.ts`) start what they need through it — a migrated
 * database and a Redis prefix of their own (`createTestDatabase`, `createRedisNamespace`), an api node
 * (`startTestApi`), the round engine in this process (`startTestEngine`) or as its built process (`EngineProcess`),
 * both on one database (`startTestStack`), signed-in players (`createUser`), socket clients (`api.connect`) — and
 * never import another app's files (`scripts/lint/spec-imports.spec.ts`). Unit specs (`*.spec.ts`) take the
 * in-memory fakes of `fakes/`. `agreement/` holds property tests keeping a fast implementation (set-based SQL) equal
 * to the domain's deciders; the given/when/then helper of the deciders is re-exported for app specs.
 */
export * from '@app/domain/testing';
export * from './infra.js';
export * from './beacon.js';
export * from './fairness.js';
export * from './test-api.js';
export * from './test-engine.js';
export * from './test-stack.js';
export * from './engine-process.js';
export * from './users.js';
export * from './wait.js';
export * from './rounds-harness.js';
export * from './ledger.js';
export * from './fakes/index.js';
export { enginePlayThrough } from './apps.js';
