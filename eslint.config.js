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
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
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
    // The web's bundle keeps an endpoint's route data only (apps/web/build/contract-routes.ts): its
    // `input` and `output` schemas are stripped, so reading them would give undefined at run time.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name=/^(input|output)$/][object.type='MemberExpression'][object.object.type='Identifier']",
          message:
            'Contract schemas are stripped from the web bundle: import the schema by name from the contract module (docs/decisions/032-contract-routes-in-the-web-bundle.md).',
        },
        {
          // The mall mounts no antd <App>: its toasts, dialogs and notices load on first use.
          selector: "MemberExpression[object.name='App'][property.name='useApp']",
          message:
            'The mall has no antd <App> provider: use useFeedback() from components/feedback (docs/decisions/033-a-first-load-without-antd.md).',
        },
        {
          // mutate(input, { onSuccess }) drops its callbacks once the asking component has unmounted,
          // and a deal's live refresh can unmount the dialog that took the step before the answer.
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
          message:
            "A mutation's follow-up runs through mutateThen (lib/mutate-then.ts) or mutateAsync: mutate's own callbacks are dropped when the component unmounts first.",
        },
      ],
    },
  },
  {
    // Shared code stays free of app imports (it is used by both apps).
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', '@chepai/server*', '@chepai/web*', '@chepai/console*'] },
      ],
    },
  },
  {
    // The mall and the console are separate apps: neither reaches into the other's source.
    files: ['apps/console/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/src/**', '@chepai/web*'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/console/src/**', '@chepai/console*'] }] },
  },
  {
    // SQL lives in repositories (`*.repo.ts`) and in db/ (client, migrations, seeds, NOTIFY); services
    // hold rules and transactions, routes stay thin. So outside those (and tests and test rigs) kysely
    // may be imported for types only (Kysely, Transaction, Selectable …), never for values such as
    // the `sql` tag. A repository receives `db` as a parameter, so a query could still be built from
    // a `db` handed to a service without importing anything: the query-builder entry points are
    // refused as calls too. `db.transaction()` stays allowed — transactions belong to services.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repo.ts', 'apps/server/src/db/**', '**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'SQL belongs in a *.repo.ts file or in db/; import kysely types with `import type`.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries belong in a *.repo.ts file or in db/.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
