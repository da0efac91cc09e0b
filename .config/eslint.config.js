// Lint config. It lives in .config/ because the design card fixes the top level of the repo.
// Besides the usual rules it enforces the import direction of the README's "Project layout":
//   app → features → data → sync → store → core, each floor importing only the floors below it;
//   core is pure; only src/store and src/data import dexie, only src/data imports supabase-js;
//   sw/ imports only core, store, sync and data (never React or features).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const DEXIE = [{ group: ['dexie', 'dexie/*'], message: 'Only src/store and src/data may import dexie.' }];
const SUPABASE = [{ group: ['@supabase/*'], message: 'Only src/data may import supabase-js.' }];
const DB_LIBS = [...DEXIE, ...SUPABASE];
const REACT = [
  { group: ['react', 'react-dom', 'react-dom/*', 'react-router-dom'], message: 'This layer must not import React.' },
];
// zod's JIT uses eval, which the Content-Security-Policy forbids: z comes from src/core/zod.ts (jitless).
const ZOD = [
  {
    group: ['zod', 'zod/*'],
    message: 'Import z from src/core/zod.ts (zod/mini, jitless, CSP-safe).',
    allowTypeImports: true,
  },
];
const layer = (...names) =>
  names.map((n) => ({ group: [`**/${n}/**`, `**/${n}/*`], message: `This layer must not import from ${n}/.` }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'tests/scratch/**',
      '.scratch/**',
      'dev-dist/**',
      'node_modules/**',
      '.data/**',
      'public/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/core/**'],
    rules: restrict([...DB_LIBS, ...REACT, ...ZOD, ...layer('app', 'features', 'data', 'sync', 'store')]),
  },
  {
    files: ['src/core/zod.ts'],
    rules: restrict([...DB_LIBS, ...REACT, ...layer('app', 'features', 'data', 'sync', 'store')]),
  },
  {
    files: ['src/store/**'],
    rules: restrict([...SUPABASE, ...REACT, ...ZOD, ...layer('app', 'features', 'data', 'sync')]),
  },
  { files: ['src/sync/**'], rules: restrict([...DB_LIBS, ...REACT, ...ZOD, ...layer('app', 'features', 'data')]) },
  // src/data may use React only for its live-query hooks (live.ts, over Dexie's liveQuery).
  { files: ['src/data/**'], rules: restrict([...ZOD, ...layer('app', 'features')]) },
  { files: ['src/features/**'], rules: restrict([...DB_LIBS, ...ZOD, ...layer('app')]) },
  { files: ['src/app/**'], rules: restrict([...DB_LIBS, ...ZOD]) },
  { files: ['sw/**'], rules: restrict([...DB_LIBS, ...REACT, ...ZOD, ...layer('app', 'features')]) },
);
