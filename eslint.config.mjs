// @ts-check
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '**/next-env.d.ts',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
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
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins, hooks and handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    settings: { next: { rootDir: 'apps/web' } },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The browser (the web app and the API client) calls the API through the route table: a
    // catalogue entry's zod schemas would ship to every page that imports it (docs/web-app.md).
    files: ['apps/web/**/*.{ts,tsx}', 'packages/client/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nimbus/contracts'],
              importNamePattern: '^(apiCatalogue|catalogueEntries|[a-z][A-Za-z]*Api)$',
              allowTypeImports: true,
              message:
                'Call the API through the route table of @nimbus/contracts/routes (`npm run api:routes` writes it).',
            },
          ],
        },
      ],
    },
  },
  {
    // A call whose answer type is written at the call site is unchecked: the web calls through
    // `call(route, input)`, typed by the catalogue; only the client's own plumbing forwards them.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/lib/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[typeArguments][callee.property.name=/^(get|post|put|patch|delete|request)$/]',
          message:
            'Call the API with `call(route, input)` from a feature’s *-api.ts: the answer type comes from the catalogue.',
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The service worker (docs/web-app.md#installable-app) runs in the worker's global scope.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
);
