// Lint config. It lives in .config/ because the design card fixes the top level of the repo.
// Besides the usual rules it enforces the boundaries of the README's "Project layout", with our own
// rules in eslint-floors.js: app → features → ui → data → sync → store → core, each floor importing
// only its own and the floors below it (static, type-only and dynamic imports); a feature uses
// another only through its index.ts; no import cycle; sw/ imports only core, store, sync and data;
// supabase/local/ only src/core. Here too: core is pure; only src/store and src/data import dexie,
// only src/data imports supabase-js; sw/ never imports React.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import floors from './eslint-floors.js';

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
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'supabase/local/**/*.ts'],
    plugins: { checkpoint: floors },
    rules: { 'checkpoint/floors': 'error', 'checkpoint/feature-boundary': 'error', 'checkpoint/no-cycle': 'error' },
  },
  { files: ['src/core/**'], rules: restrict([...DB_LIBS, ...REACT, ...ZOD]) },
  { files: ['src/core/zod.ts'], rules: restrict([...DB_LIBS, ...REACT]) },
  { files: ['src/store/**'], rules: restrict([...SUPABASE, ...REACT, ...ZOD]) },
  { files: ['src/sync/**'], rules: restrict([...DB_LIBS, ...REACT, ...ZOD]) },
  // src/data may use React only for its live-query hooks (live.ts, over Dexie's liveQuery).
  { files: ['src/data/**'], rules: restrict([...ZOD]) },
  { files: ['src/ui/**', 'src/features/**'], rules: restrict([...DB_LIBS, ...ZOD]) },
  { files: ['src/app/**'], rules: restrict([...DB_LIBS, ...ZOD]) },
  { files: ['sw/**'], rules: restrict([...DB_LIBS, ...REACT, ...ZOD]) },
);
