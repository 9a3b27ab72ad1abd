// Lint for the whole repository. Resolver bundles get an extra pass with
// @aws-appsync/eslint-plugin (see local/appsync), so code AppSync would reject fails here too.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/import-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'cdk.out/',
      'web/dist/',
      '.local/',
      '.cognito/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The architecture's import boundaries (web features, plain domain, no local/ in deployed code,
    // the web's contracts alias): eslint-rules/import-boundaries.mjs owns the zones.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { talentpilot: boundaries },
    rules: { 'talentpilot/import-boundaries': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
