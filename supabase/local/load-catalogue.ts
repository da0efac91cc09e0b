// `npm run catalogue:load -- <database url> [catalogue.jsonl]`: fills a hosted Supabase project's
// catalogue (or any Postgres the migrations were pushed to) with the bundled 385 games, or with an
// IGDB-shaped JSON-lines file such as the 70,000-game catalogue, through import_catalogue in
// batches. Take the URL from the dashboard (Connect → Session pooler, as `postgres`); re-running it
// updates the games it finds again and adds the rest, so an interrupted load can simply be repeated.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { importCatalogue } from './catalogue.ts';
import { openPostgres } from './db.ts';

const USAGE = 'usage: npm run catalogue:load -- <postgres://… database url> [catalogue.jsonl]';

const ARGS = z.tuple([
  z.string().refine((value) => URL.canParse(value) && /^postgres(ql)?:$/.test(new URL(value).protocol), {
    message: 'the first argument must be a postgres:// or postgresql:// database URL',
  }),
  z
    .string()
    .refine((file) => existsSync(file), { message: 'no such catalogue file' })
    .optional(),
]);

/** The URL with its password hidden, for messages. */
const shown = (url: string) => url.replace(/:[^:@/]*@/, ':***@');

async function main(): Promise<number> {
  const parsed = ARGS.safeParse(process.argv.slice(2));
  if (!parsed.success) {
    console.error(`catalogue:load: ${parsed.error.issues.map((issue) => issue.message).join('; ')}\n${USAGE}`);
    return 2;
  }
  const [url, file] = parsed.data;
  const db = openPostgres(url, 1);
  try {
    const started = Date.now();
    const total = await importCatalogue(db, file, (n) => process.stdout.write(`\rcatalogue:load: ${n} games…`));
    const [row] = await db.query<{ games: number }>('select count(*)::int as games from public.game');
    console.log(
      `\rcatalogue:load: ${total} games loaded into ${shown(url)} in ${((Date.now() - started) / 1000).toFixed(1)} s; the catalogue holds ${row?.games ?? 0}`,
    );
    return 0;
  } catch (error) {
    console.error(`\ncatalogue:load: ${shown(url)}: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exit(await main());
