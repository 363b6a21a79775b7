// ESLint for gpumkt: typescript-eslint's type-aware recommended rules (no `any`, no floating promises,
// no unused variables) on every TypeScript file, with zero warnings allowed (`npm run lint`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'completions/**', 'bench/results/**'] },
  // A disable comment that guards nothing fails the lint like any other problem.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    // Sanitising terminal output matches control characters on purpose (domain/text/sanitize.ts, bin/, tests).
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `_name` marks a value left out on purpose (a rest sibling removed from an object, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A caught value is passed on as it came (it is an Error wherever this program made it).
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // String(v) of an `unknown` cell is how values print; objects are JSON-encoded before it is reached.
      '@typescript-eslint/no-base-to-string': ['error', { checkUnknown: false }],
      // `ok && next()` and `c ? a() : b()` as statements are house style for one-line branches.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // House style: a function of src/ fits one screen (60 lines of code). The shell completion renderers
    // are exempt: each is one script template.
    files: ['src/**/*.ts'],
    ignores: ['src/completion/bash.ts', 'src/completion/fish.ts', 'src/completion/zsh.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read JSON bodies whose shape is what they assert: `any` there is honest, and expect() checks it.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Fakes implement async interfaces (sinks, clocks, hooks) synchronously.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        setImmediate: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
      },
    },
  },
);
