// supabase/migrations starts from one baseline that replaced the migrations before it. A database
// that had applied all of those already has the baseline's schema: migrating it records the
// baseline and applies nothing (what `supabase migration repair` does for a hosted project), and
// one that had applied only some of them is refused with what to do.
import { afterAll, describe, expect, it } from 'vitest';
import { BASELINE_VERSION, SQUASHED_VERSIONS, applyMigrations } from '../../supabase/local/migrate.ts';
import { createTestDb } from '../support/test-db.ts';

const db = await createTestDb();
afterAll(() => db.close());

const history = async () =>
  (
    await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    )
  ).map((row) => `${row.version}_${row.name}`);

/** The migration history as a database migrated before the baseline has it (its schema is the same). */
async function recordedAsBefore(versions: readonly string[]): Promise<void> {
  await db.query('delete from supabase_migrations.schema_migrations where version = $1', [BASELINE_VERSION]);
  for (const version of versions)
    await db.query(`insert into supabase_migrations.schema_migrations (version, name) values ($1, 'old')`, [version]);
}

describe('the baseline migration', () => {
  it('is the first migration, and a fresh database records it', async () => {
    expect(await history()).toEqual([`${BASELINE_VERSION}_baseline`]);
  });

  it('is recorded, not run, where every migration it replaced was applied', async () => {
    await recordedAsBefore(SQUASHED_VERSIONS);
    expect(await applyMigrations(db)).toEqual([]);
    expect(await history()).toEqual([`${BASELINE_VERSION}_baseline`]);
  });

  it('refuses a database that applied only some of them, saying what to do', async () => {
    await recordedAsBefore(SQUASHED_VERSIONS.slice(0, 20));
    await expect(applyMigrations(db)).rejects.toThrow(/migrated up to 20261126002000.*open it once with a Checkpoint/);
    expect(await history()).toEqual(SQUASHED_VERSIONS.slice(0, 20).map((version) => `${version}_old`));
  });
});
