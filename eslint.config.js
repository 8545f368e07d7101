import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'bench/.lighthouse/', 'bench/.first-paint/', 'node_modules/', 'src/app/route-tree.gen.ts', 'tests/e2e/.artifacts/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: 'error',
      // French typography uses non-breaking spaces in text (« … », 4 €, ?).
      'no-irregular-whitespace': ['error', { skipJSXText: true, skipStrings: true, skipTemplates: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'bench/**', 'server/db/seed-cli.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
