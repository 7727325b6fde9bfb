/**
 * Shared test code that belongs to no single app: agreement tests holding a fast implementation (set-based SQL) to
 * the domain's deciders (`agreement/`), and the given/when/then helper of the deciders for app specs.
 */
export * from '@app/domain/testing';
