import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import purity from './scripts/lint/domain-imports.mjs';
import boundaries from './scripts/lint/app-imports.mjs';

/** What libs/domain may import besides its own files: the positive list (docs/architecture.md, "Principles"). */
export const DOMAIN_ALLOWED_IMPORTS = ['@noble/hashes', '@noble/curves', 'unhomoglyph'];
/** Its specs may also use the property-testing library. */
export const DOMAIN_SPEC_ALLOWED_IMPORTS = [...DOMAIN_ALLOWED_IMPORTS, 'fast-check'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'artifacts/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // k6 scripts run in k6's runtime, with its globals.
    files: ['load-tests/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
  {
    // libs/domain is pure: a positive list of imports, nothing else (no app, no other library, no Node, React or Nest).
    files: ['libs/domain/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    plugins: { purity },
    rules: { 'purity/domain-imports': ['error', { root: 'libs/domain', allow: DOMAIN_ALLOWED_IMPORTS }] },
  },
  {
    files: ['libs/domain/**/*.spec.{ts,tsx}'],
    rules: { 'purity/domain-imports': ['error', { root: 'libs/domain', allow: DOMAIN_SPEC_ALLOWED_IMPORTS }] },
  },
  {
    // The wire types: the domain's vocabulary and nothing of the server; zod for the socket events' run-time schemas.
    files: ['libs/contracts/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    plugins: { purity },
    rules: { 'purity/domain-imports': ['error', { root: 'libs/contracts', allow: ['@app/domain', 'zod'] }] },
  },
  {
    // No file imports another app's files; tests start another app through @app/testing, whose one door is the gateway.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/app-imports': ['error', { gateway: 'libs/testing/src/apps.ts' }] },
  },
  {
    // A web feature never imports the app shell (apps/web/src/app): app → features → shared, never back.
    // Tests assemble the whole app around a feature, so they may.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/feature-imports': ['error', { shell: 'apps/web/src/app' }] },
  },
  {
    files: [
      'scripts/**/*.{js,mjs,ts}',
      'load-tests/**/*.{js,mjs,ts}',
      'deploy/**/*.{js,mjs,ts}',
      'docs/**/*.{js,mjs,ts}',
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
