// Jest runs the backend and library suites in native ESM mode (NestJS 12 is ESM-only).
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json', diagnostics: { ignoreCodes: [151002] } }],
  },
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
  projects: [
    {
      ...common,
      // Unit specs are transpiled only (no type-check per file: `npm run typecheck` does that once), which keeps
      // `npm run test:unit` under a minute.
      transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.unit.json' }] },
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps/api,apps/round-engine,libs}/**/*.spec.ts', '<rootDir>/load-tests/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts', '<rootDir>/deploy/**/*.spec.ts'] },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/{apps/api,apps/round-engine,libs}/**/*.int-spec.ts', '<rootDir>/load-tests/**/*.int-spec.ts', '<rootDir>/deploy/**/*.int-spec.ts'] },
  ],
};
