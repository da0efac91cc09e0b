// The bundled seed catalogue (supabase/seed/README.md), imported as a JSON module so that it is part
// of the function's module graph: the Supabase CLI bundles imports, not files read at run time.
// The local gateway seeds its database from the same rows.
import rows from './seed-catalogue.json' with { type: 'json' };

export const SEED_ROWS: readonly Readonly<Record<string, unknown>>[] = rows;
