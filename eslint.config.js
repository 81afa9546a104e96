// Lint: typescript-eslint's recommended rules, with type information for the promise rules.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What git ignores (.gitignore): scripts/lint.mjs lists files through git, so the two must agree.
  { ignores: ['dist/**', 'dist-bin/**', 'node_modules/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // The CommonJS launcher and a preload script: require() is how they load.
  { files: ['bin/**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
