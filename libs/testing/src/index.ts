// Test helpers shared by the apps' and libraries' suites (never imported by production code).
export * from './decider-specification.js';
