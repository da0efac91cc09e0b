// Fills a fresh database after its first migration. The gateway calls seedDatabase once, on a
// database it has just created; a restart never seeds again. The catalogue comes from
// CATALOGUE_FILE or the bundled seed; with `demo` on, demo members add reviews, comments, likes,
// follows and lists (see demo.ts).
import type { Db } from './db.ts';
import { importCatalogue } from './catalogue.ts';
import { seedDemo } from './demo.ts';

export interface SeedOptions {
  /** Seed demo members, reviews and comments (DEMO=on). */
  readonly demo: boolean;
  /** IGDB-shaped JSON lines for the offline catalogue; unset means the bundled seed. */
  readonly catalogueFile?: string;
  readonly log?: (line: string) => void;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  options.log?.('loading the catalogue…');
  const games = await importCatalogue(db, options.catalogueFile);
  options.log?.(`catalogue: ${games} games from ${options.catalogueFile ?? 'the bundled seed'}`);
  // The demo reviews name games of the bundled seed; another catalogue may lack them.
  if (options.catalogueFile && options.demo) await importCatalogue(db);
  if (options.demo) options.log?.(`demo: ${await seedDemo(db)} members`);
}
