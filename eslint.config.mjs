// @ts-check
// typescript-eslint's strict type-checked rules, with the exceptions below (each says why), and
// eslint-config-prettier last so formatting is Prettier's alone.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'URL', 'Buffer'].map((g) => [
    g,
    'readonly',
  ]),
);

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'test/cases/**', '.vscode-test/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and booleans read fine in messages; objects and unions with undefined do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // The codebase indexes maps it has just filled (noUncheckedIndexedAccess is off); `!` there
      // states a checked invariant. A later pass may turn this on file by file.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Too many false positives on zod-parsed data and defensive checks of user-edited files,
      // where a value the types call impossible does arrive from disk.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Arrow shorthands that return void calls are idiomatic in event handlers here.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Interface implementations are async because the interface is, not because they await.
      '@typescript-eslint/require-await': 'off',
      // `cond && act()` and ternaries as statements are used for short guarded effects.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // VS Code's API classes are disposable by shape (an EventEmitter in a Disposable[]): false positives.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // Unused arguments are kept when they document an interface's shape; prefix with _ to mark.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests and benches read JSON they wrote themselves and poke at it; zod guards src/ boundaries.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: nodeGlobals },
  },
  prettier,
);
