import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'coverage', 'bench/results', 'dist', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Money must never pass through a float.
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Use core/money.ts (decimal strings), never floats.' }],
    },
  },
  {
    // The pages' browser scripts (src/flows/*/assets/*.js): classic scripts inlined into the page,
    // using these browser APIs.
    files: ['src/**/assets/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['document', 'location', 'history', 'navigator', 'fetch', 'crypto', 'URL', 'URLSearchParams', 'CSS', 'setInterval', 'clearInterval', 'window', 'CustomEvent', 'atob', 'btoa'].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // Tests read JSON bodies loosely; the assertions are what check their shape.
    files: ['test/**/*.ts', 'src/**/*.test.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
