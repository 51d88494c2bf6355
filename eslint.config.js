import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// The web's layers, as bulletproof-react draws them: app → features → api / components → lib.
// A feature imports no other feature; nothing below app imports app; nothing shared imports a
// feature; lib, the bottom, imports none of the layers above it.
const web = 'apps/web/src';
const features = readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webZones = [
  ...features.map((name) => ({
    target: `./${web}/features/${name}`,
    from: `./${web}/features`,
    except: [`./${name}`],
    message: 'A feature imports no other feature: move what both need to api/, components/ or lib/.',
  })),
  {
    target: [`./${web}/features`, `./${web}/api`, `./${web}/components`, `./${web}/lib`],
    from: `./${web}/app`,
    message: 'Only app/ (and main.tsx) may import app/.',
  },
  {
    target: [`./${web}/api`, `./${web}/components`, `./${web}/lib`],
    from: `./${web}/features`,
    message: 'Shared code imports no feature.',
  },
  {
    target: `./${web}/api`,
    from: `./${web}/components`,
    message: 'api/ holds queries only: components use them, not the other way round.',
  },
  {
    target: `./${web}/lib`,
    from: [`./${web}/api`, `./${web}/components`],
    message: 'lib/ is the bottom layer.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/screenshots/**',
      'bench/results/**',
      '**/*.json',
      'eslint.config.js',
      'scripts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    // Shared code stays free of app imports (it is used by both apps).
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@chepai/server*', '@chepai/web*'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
