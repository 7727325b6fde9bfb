import { availableParallelism } from 'node:os';

// Jest runs the backend and library suites in native ESM mode (NestJS 12 is ESM-only).
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  testEnvironment: 'node',
  // Specs are transpiled only, file by file (no type-check per file: `npm run typecheck` does that once for the
  // whole tree). This keeps `npm run test:unit` under a minute, and an integration spec's first start of the api or
  // engine (loaded on first use) well inside its hook's timeout on a busy machine.
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.jest.json' }] },
  moduleNameMapper: {
    '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@app/([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    // The in-memory fakes alone, so a unit spec loads no database or Redis client: `@app/testing/fakes`.
    '^@app/testing/fakes$': '<rootDir>/libs/testing/src/fakes/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  rootDir: '.',
};

export default {
  // Integration tests wait for real rounds, leases and networks.
  testTimeout: 60_000,
  // Test files run in worker processes, at least two at a time (an integration file mostly waits on rounds, leases
  // and networks), and a worker holding more than 1.5 GB after a file is replaced by a fresh one: what a file's
  // stacks and modules leave behind does not slow the files after it (in one process the integration suite took
  // four times as long, and its timing-bound checks failed late in the run).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  workerIdleMemoryLimit: '1500MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{apps/api,apps/round-engine,libs}/**/*.spec.ts',
        '<rootDir>/load-tests/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
        '<rootDir>/deploy/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'int',
      testEnvironment: '<rootDir>/scripts/jest/int-environment.mjs',
      testMatch: [
        '<rootDir>/{apps/api,apps/round-engine,libs}/**/*.int-spec.ts',
        '<rootDir>/load-tests/**/*.int-spec.ts',
        '<rootDir>/deploy/**/*.int-spec.ts',
      ],
    },
  ],
};
