// Each mutation has a local apply (src/store/mutators/) and a server twin (app.m_<name> in
// supabase/schema/functions/): the two must agree, so a reader who finds one must find the other by
// grepping its name. This holds the registry, the schema folder and the mutators' headers together.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MUTATORS = path.join(ROOT, 'src/store/mutators');
const registry = readFileSync(path.join(MUTATORS, 'registry.ts'), 'utf8');

/** 'review.create' → applyReviewCreate, as the registry's table pairs them. */
const entries = [...registry.matchAll(/^ {2}'([a-z0-9_]+\.[a-z0-9_]+)': (apply\w+),$/gm)].map(([, name, fn]) => ({
  name: name as string,
  fn: fn as string,
}));
/** applyReviewCreate → reviews.ts, from the registry's imports. */
const fileOf = new Map<string, string>();
for (const [, names, file] of registry.matchAll(/^import \{([^}]+)\} from '\.\/([\w-]+\.ts)';$/gm)) {
  for (const fn of (names ?? '').split(',')) fileOf.set(fn.trim(), file as string);
}

it('reads the registry: every mutation name with its apply and the apply with its file', () => {
  expect(entries.length).toBeGreaterThanOrEqual(19);
  for (const { fn } of entries) expect(fileOf.get(fn), fn).toMatch(/\.ts$/);
});

it("names each mutator's server twin in its file, and the twin is in supabase/schema/functions/", () => {
  const missing: string[] = [];
  for (const { name, fn } of entries) {
    const twin = `app.m_${name.replace('.', '_')}`;
    if (!existsSync(path.join(ROOT, 'supabase/schema/functions', `${twin}.sql`)))
      missing.push(`${name}: no supabase/schema/functions/${twin}.sql`);
    const file = fileOf.get(fn) ?? '';
    const source = readFileSync(path.join(MUTATORS, file), 'utf8');
    if (!new RegExp(`\\b${twin.replace('.', '\\.')}\\b`).test(source))
      missing.push(`${name}: src/store/mutators/${file} does not name ${twin}`);
  }
  expect(missing).toEqual([]);
});
