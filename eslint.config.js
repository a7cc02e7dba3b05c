import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'web/ui/dist/**', 'benchmarks/perf/reference/**', '.scratch/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // Plain JavaScript launchers and worker boot files run on Node.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  {
    // Faces reach the agents through their public surface only (agents/index.ts).
    files: ['cli/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx', 'benchmarks/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/agents/*/**'], message: 'import the agents layer through agents/index.ts' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/\\/agents\\/[^/]+\\//]', message: 'import the agents layer through agents/index.ts' },
        { selector: 'TSImportType[argument.literal.value=/\\/agents\\/[^/]+\\//]', message: 'import the agents layer through agents/index.ts' },
      ],
    },
  },
  {
    // Scorers, statistics and report rendering are pure: string/data in, data out.
    files: ['benchmarks/stats/**/*.ts', 'benchmarks/reports/**/*.ts', 'benchmarks/**/scoring/**/*.ts', 'benchmarks/**/scorers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:child_process', 'fs', 'child_process'] }],
      'no-console': 'error',
    },
  },
  {
    // The numeric core is pure: no I/O, no console.
    files: ['tools/engineering/**/*.ts'],
    ignores: ['tools/engineering/store/**', 'tools/engineering/tools/**', 'tools/engineering/dataset/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:child_process', 'fs', 'child_process'] }],
      'no-console': 'error',
    },
  },
  {
    // The Prusa agent reaches its tools through the MCP server only: their declarations, never their code
    // (and the wording of a print's approval, read from the G-code where the agent runs: startPrintSubject.ts).
    files: ['agents/specialists/prusa/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/tools/prusa/*', '!**/tools/prusa/toolSpecs.ts', '!**/tools/prusa/filaments.ts', '!**/tools/prusa/startPrintSubject.ts', '**/mcp-servers/**'], message: 'the prusa agent calls its tools over MCP (tools/mcp); import only tools/prusa/toolSpecs.ts' }] },
      ],
    },
  },
);
