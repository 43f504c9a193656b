// ESLint 9 flat config for the front end (host/, apps/, packages/, tooling/).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Workspace packages anyone may import. Apps and the host are deliberately not in this list. */
const PACKAGES = ['ui', 'auth', 'api-client', 'routes', 'router', 'forms', 'prerender', 'rulebook', 'rspack-config', 'jest-config', 'tsconfig'];

const onlyPackages = {
  regex: `^@portal/(?!(${PACKAGES.join('|')})(/|$))`,
  message: 'Import portal packages only: an app never imports another app or the host, and packages never import apps.',
};
/** Shipped code takes the router from @portal/router, the shared and tree-shaken part of it. */
const sharedRouter = {
  name: 'react-router',
  message: "Import the router from '@portal/router': a bundle that imports react-router itself runs a second router the host's routes do not reach.",
};
const noRelativeEscape = {
  regex: '^(\\.\\./)+.*\\b(apps|host|packages)/',
  message: 'Import other workspace code through its package name, not a relative path.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'api/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [sharedRouter], patterns: [onlyPackages, noRelativeEscape] }],
    },
  },
  {
    // Tests build their routers from react-router (jest loads one react-router for test and page),
    // packages/router is where the shipped code's router comes from, and packages/prerender
    // renders pages at build time in Node, where one bundle holds a single react-router.
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**/*.{ts,tsx}',
      '**/testing/**/*.{ts,tsx}',
      'packages/router/src/**/*.ts',
      'packages/prerender/src/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyPackages, noRelativeEscape] }],
    },
  },
  {
    // ui is the bottom layer: it imports no other portal package.
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@portal/(?!tsconfig|jest-config|rulebook)', message: 'packages/ui imports no other portal package.' },
            noRelativeEscape,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/test-fixtures.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.{js,cjs,mjs}', '**/rspack.config.ts', '**/module-federation.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
