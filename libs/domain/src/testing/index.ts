// Test helpers of the domain's deciders (imported by specs only; not part of any build).
export * from './decider-specification.js';
