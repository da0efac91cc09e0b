// supabase/schema/ is today's schema, one file per table and per function, written by
// tests/support/schema-dump.ts from a migrated database. This test dumps a freshly migrated
// database again (PGlite, PostgreSQL 15 or the hosted-like server, whichever the run uses) and
// fails when the text differs from the committed folder, so the folder cannot drift from the
// migrations.
import { afterAll, describe, expect, it } from 'vitest';
import { dumpSchema, readSchemaDir } from '../support/schema-dump.ts';
import { createTestDb } from '../support/test-db.ts';

const db = await createTestDb();
afterAll(() => db.close());

/** The first line where two texts part, as `line N: expected … / actual …`. */
function firstDifference(committed: string, dumped: string): string {
  const a = committed.split('\n');
  const b = dumped.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at === -1 ? a.length : at;
  return `line ${line + 1}: committed ${JSON.stringify(a[line] ?? '(end)')}, database ${JSON.stringify(b[line] ?? '(end)')}`;
}

describe('supabase/schema/', () => {
  it('holds exactly what the migrations make', async () => {
    const dumped = await dumpSchema(db);
    const committed = await readSchemaDir();
    expect(dumped.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [file, text] of dumped) {
      const mine = committed.get(file);
      if (mine === undefined) problems.push(`missing: ${file}`);
      else if (mine !== text) problems.push(`differs: ${file} (${firstDifference(mine, text)})`);
    }
    for (const file of committed.keys()) if (!dumped.has(file)) problems.push(`no longer in the database: ${file}`);
    expect(
      problems,
      `supabase/schema/ differs from the migrated database. If the migrations are right, regenerate it ` +
        `with \`npx tsx tests/support/schema-dump.ts\` and commit the result.\n${problems.join('\n')}\n`,
    ).toEqual([]);
  });
});
