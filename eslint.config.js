import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist.next/**',
      '.boli/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A hook called after an early return runs on some renders only: React then mixes up the
    // component's state. The rule is checked; the plugin's other rules are not taken up.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Domain code takes time from the command (metadata.now), not Date.now().',
        },
      ],
    },
  },
  {
    // Only the pure domain is forbidden to read the clock; adapters and processes may.
    files: [
      'api/**',
      'ops/**',
      'projections/**',
      'web/**',
      'engine/src/eventStore/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Routers are made case-sensitive in one place (api/src/http/router.ts): a route matched in
    // other capitals went past its router.use() guards.
    files: ['api/**', 'ops/**'],
    ignores: ['api/src/http/router.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@koa/router',
              importNames: ['Router', 'default'],
              message: 'Make a router with createRouter (api/src/http/router.ts): it matches case.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // MUI 9 dropped the system props: color="text.secondary" type-checks and is ignored.
          selector: "JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message:
            'A color prop takes a palette name (color="textSecondary", "error"); a path such as "text.secondary" is ignored. Use sx={{ color: ... }} for a path.',
        },
      ],
    },
  },
);
