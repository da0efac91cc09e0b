// Our own lint rules for the project's boundaries (the README's "Project layout"). They read every
// import a file makes: static, type-only, `export … from` and dynamic `import()` with a literal path.
//   floors:           src/ is stacked app → features → ui → data → sync → store → core; a file
//                     imports only its own floor and the floors below it. sw/ imports only data, sync,
//                     store and core; supabase/local/ (the gateway, run by Node) only src/core.
//   feature-boundary: a feature uses another feature only through that feature's index.ts, so what
//                     it may use of it is written down in one file.
//   no-cycle:         no file reaches itself through static imports. Type-only imports are erased
//                     and a dynamic import() runs after both modules are loaded, so neither counts.
// A small rule of our own rather than eslint-plugin-import: the graph is our relative imports only,
// which a regular expression over each file reads, in a few milliseconds for the whole tree.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const FLOORS = ['core', 'store', 'sync', 'data', 'ui', 'features', 'app'];

/** Where a file sits: its floor in src/ (a number, higher is upper), or sw / gateway; null elsewhere. */
function placeOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'src' && FLOORS.includes(rel[1])) {
    return {
      kind: 'src',
      floor: rel[1],
      level: FLOORS.indexOf(rel[1]),
      feature: rel[1] === 'features' ? rel[2] : null,
    };
  }
  if (rel[0] === 'sw') return { kind: 'sw' };
  if (rel[0] === 'supabase' && rel[1] === 'local') return { kind: 'gateway' };
  return null;
}

/** The file a relative specifier names (the repo writes extensions; extensionless ones are tried). */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier.split('?')[0]);
  if (path.extname(target) !== '') return target;
  for (const ending of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (fs.existsSync(target + ending)) return target + ending;
  }
  return target;
}

/** Calls `check(node, specifier, typeOnly, dynamic)` for every import of the file being linted. */
function importVisitor(check) {
  const allTypes = (node) =>
    node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
  const fromSource = (node) => {
    if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
    const typeOnly = node.importKind === 'type' || node.exportKind === 'type' || allTypes(node);
    check(node.source, node.source.value, typeOnly, false);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
        check(node.source, node.source.value, false, true);
      }
      if (node.source.type === 'TemplateLiteral' && node.source.expressions.length === 0) {
        check(node.source, node.source.quasis[0].value.cooked, false, true);
      }
    },
  };
}

const floors = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go only to the same floor or a floor below it.' },
    schema: [],
    messages: {
      up: '{{from}} must not import from {{to}}/: imports go app → features → ui → data → sync → store → core.',
      sw: 'sw/ imports only src/data, src/sync, src/store and src/core, not src/{{to}}/.',
      gateway: 'supabase/local/ imports only src/core, not {{to}}.',
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from === null) return {};
    return importVisitor((node, specifier) => {
      const target = resolveSpecifier(context.filename, specifier);
      if (target === null) return;
      const to = placeOf(target);
      if (from.kind === 'gateway') {
        const inRepoSrc = path.relative(ROOT, target).split(path.sep)[0] === 'src';
        if (inRepoSrc && !(to?.kind === 'src' && to.floor === 'core')) {
          context.report({ node, messageId: 'gateway', data: { to: path.relative(ROOT, target) } });
        }
        return;
      }
      if (to?.kind !== 'src') return;
      if (from.kind === 'sw') {
        if (to.level > FLOORS.indexOf('data')) context.report({ node, messageId: 'sw', data: { to: to.floor } });
        return;
      }
      if (to.level > from.level) {
        context.report({ node, messageId: 'up', data: { from: `src/${from.floor}`, to: to.floor } });
      }
    });
  },
};

const featureBoundary = {
  meta: {
    type: 'problem',
    docs: { description: "A feature uses another feature only through that feature's index.ts." },
    schema: [],
    messages: {
      internals:
        "features/{{from}} must not import features/{{to}}'s internals ({{file}}): export what it needs from features/{{to}}/index.ts.",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from?.feature == null) return {};
    return importVisitor((node, specifier) => {
      const target = resolveSpecifier(context.filename, specifier);
      const to = target === null ? null : placeOf(target);
      if (to?.feature == null || to.feature === from.feature) return;
      const file = path.relative(path.join(ROOT, 'src', 'features', to.feature), target);
      if (file !== 'index.ts') {
        context.report({ node, messageId: 'internals', data: { from: from.feature, to: to.feature, file } });
      }
    });
  },
};

// The static value imports of a file on disk, read once per lint run (keyed by its modification time).
const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|(?:^|[;\n])\s*import\s+['"](\.[^'"]+)['"]/g;
const TYPE_NAMES_ONLY = /^\{\s*(?:type\s+[^,}]+,?\s*)+\}$/;
const depsCache = new Map();

function staticDeps(file) {
  let stamp;
  try {
    stamp = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = depsCache.get(file);
  if (cached?.stamp === stamp) return cached.deps;
  const text = fs.readFileSync(file, 'utf8');
  const deps = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const typeOnly = match[1] !== undefined || (match[2] !== undefined && TYPE_NAMES_ONLY.test(match[2].trim()));
    const specifier = match[3] ?? match[4];
    if (!typeOnly && /\.[cm]?[jt]sx?$/.test(specifier)) deps.push(resolveSpecifier(file, specifier));
  }
  depsCache.set(file, { stamp, deps });
  return deps;
}

/** A chain of static imports from `start` back to `file`, or null. */
function chainBack(start, file) {
  const seen = new Set();
  const walk = (at, chain) => {
    if (at === file) return chain;
    if (seen.has(at)) return null;
    seen.add(at);
    for (const next of staticDeps(at)) {
      const found = walk(next, [...chain, next]);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No file reaches itself through static imports.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    return importVisitor((node, specifier, typeOnly, dynamic) => {
      if (typeOnly || dynamic || !/\.[cm]?[jt]sx?$/.test(specifier)) return;
      const target = resolveSpecifier(file, specifier);
      if (target === null) return;
      const chain = chainBack(target, file);
      if (chain !== null) {
        const names = [file, ...chain].map((f) => path.relative(ROOT, f));
        context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
      }
    });
  },
};

export default {
  meta: { name: 'checkpoint-floors' },
  rules: { floors, 'feature-boundary': featureBoundary, 'no-cycle': noCycle },
};
