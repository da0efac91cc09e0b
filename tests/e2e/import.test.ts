// "Import" in Chromium against the gateway (demo members, the seed catalogue), with the
// built app and its service worker: a JSON export made offline imported into a fresh account gives
// the same library; a Grouvee export (JSON in its cells) shows its preview, one row that needs a
// choice is settled in the game picker, progress is shown, and the games are on the profile and on
// the server; a long import cancelled halfway resumes (after a reload too, and by itself after the
// tab closed mid-run) and lands exactly once; bad files are refused with their message and write
// nothing; any other CSV goes through the column mapping. axe on every step of the dialog.
// Screenshots at 390 and 1280 px when IMPORT_SHOTS_DIR is set.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { IMPORT_TEXT } from '../../src/core/import/constants.ts';
import { exportSchema, type CheckpointExport } from '../../src/core/export/schema.ts';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { signUpMember, TEST_PASSWORD, type Mail, type TestGateway } from '../support/gateway.ts';
import { expectAccessible, PICKER_EXCUSED } from './axe.ts';
import { deviceCount } from './device-db.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, screenshots, synced, workerInCharge, type Opened } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();
/** A long import's writes take a while to push on a loaded machine. */
const SYNC_TIMEOUT_MS = 30_000;
const shot = screenshots(process.env.IMPORT_SHOTS_DIR, 'import');
const PIXEL = { id: 1, email: demoEmail('pixel_pilgrim'), password: DEMO_PASSWORD };
const CATALOGUE: ReadonlyArray<{ id: number; name: string; release_year: number | null }> = JSON.parse(
  readFileSync(new URL('../../supabase/functions/igdb-search/seed-catalogue.json', import.meta.url), 'utf8'),
) as Array<{ id: number; name: string; release_year: number | null }>;

/** The test-support helpers' view of the seeded gateway (as users-directory.test.ts does). */
function helpers(): TestGateway {
  const mailbox = async (): Promise<Mail[]> =>
    (await (await fetch(`${world.gateway.url}/_dev/mailbox.json`)).json()) as Mail[];
  return {
    ...world.gateway,
    client: () =>
      createClient(world.gateway.url, world.gateway.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    mailbox,
    async lastMail(to, kind) {
      const mail = (await mailbox()).find((m) => m.to === to && (kind === undefined || m.kind === kind));
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    },
  };
}

/** Signed in on `memberId`'s own profile, synced, with the service worker in charge. */
async function signedIn(width: number, email: string, password: string, memberId: number): Promise<Opened> {
  const opened = await world.open(width, { acceptDownloads: true });
  const { page } = opened;
  expect(await devtoolsSignIn(page, world.gateway.url, email, password)).toBe(memberId);
  await page.goto(`${world.gateway.url}/user/${memberId}`);
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 30_000 });
  await synced(page, SYNC_TIMEOUT_MS);
  await workerInCharge(page);
  return opened;
}

/** Every progress bar the page shows from now on, as "label: value" (a bar may show for one frame only). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { importProgress: string[] };
    w.importProgress = [];
    const look = () =>
      document.querySelectorAll('[role="progressbar"]').forEach((bar) => {
        const seen = `${bar.getAttribute('aria-label')}: ${bar.getAttribute('aria-valuenow')}`;
        if (w.importProgress.at(-1) !== seen) w.importProgress.push(seen);
      });
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { importProgress: string[] }).importProgress);

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByText('Choose a file').waitFor({ timeout: 20_000 });
  return dialog;
}

const chooseFile = (dialog: Locator, name: string, content: string | Buffer, mimeType = 'text/csv') =>
  dialog
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType, buffer: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8') });

const summary = (dialog: Locator) => dialog.locator('.import-data__summary').textContent({ timeout: 30_000 });

// A Grouvee export as grouvee.com writes it: JSON objects and lists inside quoted cells.
const GROUVEE_HEADER =
  'id,name,shelves,platforms,rating,review,dates,statuses,genres,franchises,release_date,url,giantbomb_id';
interface GrouveeGame {
  readonly id: number;
  readonly name: string;
  readonly shelves: readonly string[];
  readonly rating?: number;
  readonly review?: string;
  readonly release?: string;
  readonly dates?: ReadonlyArray<{ started: string; finished: string | null; seconds: number }>;
}
const q = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
function grouvee(games: readonly GrouveeGame[]): string {
  const lines = games.map((g) =>
    [
      String(g.id),
      q(g.name),
      q(
        JSON.stringify(
          Object.fromEntries(
            g.shelves.map((s) => [
              s,
              {
                date_added: '2020-06-01T10:00:00Z',
                url: `https://www.grouvee.com/user/me/shelves/${encodeURIComponent(s)}/`,
              },
            ]),
          ),
        ),
      ),
      q(JSON.stringify({ PC: { url: 'https://www.grouvee.com/platforms/pc/' } })),
      g.rating === undefined ? '' : String(g.rating),
      g.review === undefined ? '' : q(g.review),
      q(
        JSON.stringify(
          (g.dates ?? []).map((d) => ({
            date_started: d.started,
            date_finished: d.finished,
            level_of_completion: null,
            seconds_played: d.seconds,
          })),
        ),
      ),
      q(JSON.stringify(g.shelves.includes('Played') ? [{ status: 'Beaten', date: '2021-03-09T00:00:00Z' }] : [])),
      q(JSON.stringify({ Action: { url: 'https://www.grouvee.com/genres/action/' } })),
      q('{}'),
      g.release ?? '',
      `https://www.grouvee.com/games/${g.id}-x/`,
      String(g.id + 1000),
    ].join(','),
  );
  return `${[GROUVEE_HEADER, ...lines].join('\r\n')}\r\n`;
}

/** A member's library in the terms an export holds, without ids, times the server sets, or counts of others' actions. */
function libraryOf(data: CheckpointExport) {
  const byGame = <T extends { game: { igdb_id: number } }>(rows: readonly T[]) =>
    [...rows].sort((a, b) => a.game.igdb_id - b.game.igdb_id);
  return {
    library: byGame(data.library).map((e) => ({
      igdb_id: e.game.igdb_id,
      name: e.game.name,
      started: e.started,
      finished: e.finished,
      wishlist: e.wishlist !== null,
      collection: e.collection !== null,
      minutes_played: e.minutes_played,
    })),
    reviews: byGame(data.reviews).map((r) => ({
      igdb_id: r.game.igdb_id,
      rating: r.rating,
      review: r.review,
      draft: r.draft,
      is_recommended: r.is_recommended,
      playtime_hours: r.playtime_hours,
    })),
    top5: data.top5.map((t) => [t.position, t.game.igdb_id]),
    top10: data.top10.map((t) => [t.position, t.game.igdb_id, t.rating]),
    following: data.following.map((f) => f.user_id).sort((a, b) => a - b),
    journal: byGame(data.journal)
      .map((s) => ({
        igdb_id: s.game.igdb_id,
        played_on: s.played_on,
        minutes: s.minutes,
        note: s.note,
        private: s.private,
      }))
      .sort((a, b) => a.igdb_id - b.igdb_id || a.played_on.localeCompare(b.played_on) || a.minutes - b.minutes),
  };
}

/** Downloads the member's JSON export from the profile's Export dialog. */
async function exportJson(page: Page): Promise<{ path: string; name: string; data: CheckpointExport }> {
  await page.getByRole('button', { name: 'Export my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export my data' });
  await expect.poll(() => dialog.locator('.export-data__summary').textContent()).toMatch(/games?/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const path = await download.path();
  await dialog.waitFor({ state: 'detached' });
  return {
    path,
    name: download.suggestedFilename(),
    data: exportSchema().parse(JSON.parse(readFileSync(path, 'utf8'))),
  };
}

it('exports offline, then imports the file into a fresh account: the same games, statuses, ratings, reviews, journal and Top 5', async () => {
  const source = await signedIn(1280, PIXEL.email, PIXEL.password, PIXEL.id);
  await setOffline(source.context, true);
  const exported = await exportJson(source.page);
  expect(exported.data.unsynced_changes).toBe(0);
  expect(exported.data.reviews.length).toBeGreaterThan(0);
  expect(exported.data.top5.length).toBeGreaterThan(0);
  const before = libraryOf(exported.data);

  const fresh = await signUpMember(helpers(), `round_trip_${randomUUID().slice(0, 6)}`);
  const { page, errors } = await signedIn(1280, fresh.email, TEST_PASSWORD, fresh.id);
  await recordProgress(page);
  const dialog = await openImport(page);
  await expectAccessible(dialog);
  await shot(page, 'pick-1280');
  await chooseFile(dialog, exported.name, readFileSync(exported.path), 'application/json');
  const games = new Set(
    [...exported.data.library, ...exported.data.reviews, ...exported.data.journal].map((r) => r.game.igdb_id),
  ).size;
  expect(await summary(dialog)).toBe(
    `${games} games in ${exported.name}: ${games} to add · 0 to change · 0 already the same`,
  );
  // The rest of the Checkpoint file: the Top 5 and the follows.
  await dialog.getByText(`Top 5 set to the file's ${before.top5.length} games`).waitFor();
  await expectAccessible(dialog);
  await dialog.getByRole('button', { name: `Import ${games} games` }).click();
  await dialog.getByText(/^Import finished: \d+ changes saved\.$/).waitFor({ timeout: 60_000 });
  expect((await progressSeen(page)).some((p) => p.startsWith('Saving to your library…'))).toBe(true);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  await synced(page, SYNC_TIMEOUT_MS);

  // What the fresh account exports now is what pixel_pilgrim exported.
  const after = libraryOf((await exportJson(page)).data);
  expect(after).toEqual({ ...before, following: before.following.filter((id) => id !== fresh.id) });
  // And the server has it (it reached the server once).
  const [reviews] = await world.gateway.db.query<{ n: number }>(
    'select count(*)::int as n from public.rating where user_id = $1',
    [fresh.id],
  );
  expect(reviews?.n).toBe(before.reviews.length);
  expect(errors).toEqual([]);
}, 240_000);

it('imports a Grouvee export: the preview, a row settled in the game picker, a disagreement, the progress, then the games on the profile and the server', async () => {
  const { page, errors } = await signedIn(1280, PIXEL.email, PIXEL.password, PIXEL.id);
  const file = grouvee([
    {
      id: 501,
      name: 'The Witcher 3: Wild Hunt',
      shelves: ['Played'],
      rating: 5,
      release: '2015-05-19',
      review: 'Still the best <img src=x onerror="window.hacked=1"> open world.',
      dates: [{ started: '2021-03-01', finished: '2021-03-05', seconds: 5400 }],
    },
    {
      id: 502,
      name: 'Hades',
      shelves: ['Playing'],
      rating: 4,
      release: '2020-09-17',
      // Started later than it was shelved (2020-06-01): the play date is the one that counts.
      dates: [{ started: '2021-03-04', finished: null, seconds: 0 }],
    },
    { id: 503, name: 'Celeste', shelves: ['Backlog', 'Favorites'], release: '2018-01-25' },
    { id: 504, name: 'DOOM', shelves: ['Played'] },
    { id: 505, name: 'Hollow Knight', shelves: ['Wish List'], release: '2017-02-24' },
    { id: 506, name: 'Qwxzy Legends of Nowhere', shelves: ['Played'], rating: 3 },
  ]);
  await recordProgress(page);
  const dialog = await openImport(page);
  await chooseFile(dialog, 'grouvee-export.csv', file);

  expect(await summary(dialog)).toBe(
    '6 games in grouvee-export.csv: 3 to add · 1 to change · 0 already the same · 1 needs a choice · 1 not found',
  );
  // Reading and matching showed their progress.
  expect(
    (await progressSeen(page)).some((p) =>
      /^(Reading the file…|Finding the games…|Searching the catalogue for the rest…): /.test(p),
    ),
  ).toBe(true);
  expect(await dialog.locator('.import-data__unmapped').textContent()).toBe(
    'Not brought over, as Checkpoint has no such list: "Favorites" (1 game).',
  );
  const saved = dialog.getByRole('region', { name: /^What will be saved/ });
  const row = (name: string) => saved.getByRole('listitem').filter({ hasText: name });
  expect(await row('Hades').textContent()).toBe('Hades (2020) NewStarted on 2021-03-04 · Rated 8/10');
  expect(await row('Celeste').textContent()).toContain('Added to Collection');
  expect(await row('Celeste').textContent()).toContain('Not brought over: "Favorites" (no such list on Checkpoint).');
  expect(await row('Hollow Knight').textContent()).toContain('Added to Want to Play');
  expect(await dialog.getByRole('region', { name: /^Not found \(1\)/ }).textContent()).toContain(
    'Qwxzy Legends of Nowhere',
  );

  // The Witcher 3: pixel_pilgrim rated it 9.5, the file 10 (5 of 5): keep mine unless told.
  const disagree = dialog.getByRole('region', { name: /^Your library and the file disagree/ });
  const witcher = disagree.getByRole('listitem').filter({ hasText: 'The Witcher 3: Wild Hunt' });
  expect(await witcher.getByRole('radio', { name: 'Keep mine' }).isChecked()).toBe(true);
  expect(await row('The Witcher 3').textContent()).not.toContain('Rating changed');
  await witcher.getByText("Take the file's").click();
  await expect.poll(() => row('The Witcher 3').textContent()).toContain('Rating changed to 10/10');
  // "For all" puts every row back on one answer.
  await disagree.getByText('Keep mine for all').click();
  expect(await witcher.getByRole('radio', { name: 'Keep mine' }).isChecked()).toBe(true);
  await witcher.getByText("Take the file's").click();
  await expectAccessible(dialog);
  await shot(page, 'preview-1280');

  // DOOM has no year and two games of that name: the candidates, or the picker.
  const choice = dialog.getByRole('group', { name: 'Which game is "DOOM"?' });
  expect(await choice.getByRole('button').allTextContents()).toEqual(
    expect.arrayContaining(['Doom (1993)', 'Doom (2016)', 'Search…']),
  );
  await choice.getByRole('button', { name: 'Search…' }).click();
  const picker = page.getByRole('dialog', { name: 'Find "DOOM"' });
  await picker.waitFor();
  await page.keyboard.type('doom');
  const option = picker
    .getByRole('option')
    .filter({ hasText: '2016' })
    .filter({ has: page.locator('.picker-row__name', { hasText: /^Doom$/ }) });
  await option.waitFor({ timeout: 20_000 });
  await expect.poll(() => picker.locator('.picker__spinner').count(), { timeout: 15_000 }).toBe(0);
  await expectAccessible(picker, PICKER_EXCUSED);
  await shot(page, 'picker-1280');
  await option.click();
  await picker.waitFor({ state: 'detached' });
  expect(await summary(dialog)).toBe(
    '6 games in grouvee-export.csv: 4 to add · 1 to change · 0 already the same · 1 not found',
  );
  expect(await row('Doom').textContent()).toContain('Doom (2016) New');

  await dialog.getByRole('button', { name: 'Import 5 games' }).click();
  const done = dialog.getByText(/^Import finished: \d+ changes saved\.$/);
  await done.waitFor({ timeout: 60_000 });
  expect((await progressSeen(page)).some((p) => p.startsWith('Saving to your library…: '))).toBe(true);
  await expectAccessible(dialog);
  await shot(page, 'done-1280');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await synced(page, SYNC_TIMEOUT_MS);

  // On the profile: the Library tab lists them.
  await page.goto(`${world.gateway.url}/user/${PIXEL.id}?tab=library`);
  const library = page.getByRole('region', { name: 'Library' });
  const names = () => library.locator('.library-row__name').allTextContents();
  await library.getByRole('searchbox', { name: 'Filter games' }).fill('doom');
  await expect.poll(names, { timeout: 20_000 }).toEqual(['Doom']);
  await library.getByRole('searchbox', { name: 'Filter games' }).fill('hades');
  await expect.poll(names).toEqual(['Hades']);
  await library.getByRole('searchbox', { name: 'Filter games' }).fill('hollow knight');
  await expect.poll(names).toEqual(['Hollow Knight', 'Hollow Knight: Silksong']);

  // And the server, once.
  const one = async (sql: string) => (await world.gateway.db.query<{ v: unknown }>(sql, [PIXEL.id]))[0]?.v;
  expect(
    await one(
      'select r.rating::float as v from public.rating r join public.game g on g.id = r.game_id where r.user_id = $1 and g.igdb_id = 113112',
    ),
  ).toBe(8);
  expect(
    await one(
      'select r.rating::float as v from public.rating r join public.game g on g.id = r.game_id where r.user_id = $1 and g.igdb_id = 1942',
    ),
  ).toBe(10);
  expect(
    await one(
      'select r.review as v from public.rating r join public.game g on g.id = r.game_id where r.user_id = $1 and g.igdb_id = 1942',
    ),
  ).toBe('Still the best <img src=x onerror="window.hacked=1"> open world.');
  expect(
    await one(
      'select completed as v from public.game_progress p join public.game g on g.id = p.game_id where p.user_id = $1 and g.igdb_id = 7351',
    ),
  ).toBe(true);
  expect(
    await one(
      'select count(*)::int as v from public.user_collection c join public.game g on g.id = c.game_id where c.user_id = $1 and g.igdb_id = 26226',
    ),
  ).toBe(1);
  expect(
    await one(
      'select count(*)::int as v from public.user_wishlist w join public.game g on g.id = w.game_id where w.user_id = $1 and g.igdb_id = 14593',
    ),
  ).toBe(1);
  expect(
    await one(
      "select count(*)::int as v from public.play_session s join public.game g on g.id = s.game_id where s.user_id = $1 and g.igdb_id = 1942 and s.note = 'Imported from Grouvee'",
    ),
  ).toBe(1);

  // The review shows as text on the game's page: the file's markup is not run.
  await page.goto(`${world.gateway.url}/game/1942`);
  await page
    .getByText('Still the best <img src=x onerror="window.hacked=1"> open world.')
    .first()
    .waitFor({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  // The same file again changes nothing.
  await page.goto(`${world.gateway.url}/user/${PIXEL.id}`);
  const again = await openImport(page);
  await chooseFile(again, 'grouvee-export.csv', file);
  await expect
    .poll(() => summary(again))
    .toMatch(/^6 games in grouvee-export\.csv: 0 to add · 0 to change · [45] already the same/);
  expect(
    await again
      .getByRole('button', { name: /^Import/ })
      .last()
      .isDisabled(),
  ).toBe(true);
  expect(errors).toEqual([]);
}, 240_000);

/** Every game of the seed catalogue, played four times: some 2,700 changes, in batches of 100. */
function bigGrouvee(): { file: string; sessionsPerGame: number } {
  const sessionsPerGame = 4;
  const file = grouvee(
    CATALOGUE.map((g, i) => ({
      id: 10_000 + i,
      name: g.name,
      shelves: ['Played'],
      rating: 1 + (i % 5),
      ...(g.release_year ? { release: `${g.release_year}-06-15` } : {}),
      dates: Array.from({ length: sessionsPerGame }, (_, k) => ({
        started: `2021-0${k + 1}-1${k}`,
        finished: `2021-0${k + 1}-1${k}`,
        seconds: 3600,
      })),
    })),
  );
  return { file, sessionsPerGame };
}

const savingBar = (dialog: Locator) => dialog.getByRole('progressbar', { name: 'Saving to your library…' });
const percent = async (bar: Locator) =>
  Number(await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null));

it('cancels a long import halfway and resumes it after a reload; cut off mid-run by a closed tab it goes on by itself; every change lands once', async () => {
  const fresh = await signUpMember(helpers(), `resumer_${randomUUID().slice(0, 6)}`);
  const { page, errors } = await signedIn(390, fresh.email, TEST_PASSWORD, fresh.id);
  const { file, sessionsPerGame } = bigGrouvee();
  let dialog = await openImport(page);
  await expectAccessible(dialog);
  await shot(page, 'pick-390');
  await chooseFile(dialog, 'grouvee-library.csv', file);
  const text = await summary(dialog);
  const [, games = '0'] =
    /^\d+ games in grouvee-library\.csv: ([\d,]+) to add · 0 to change · 0 already the same/.exec(text ?? '') ?? [];
  const added = Number(games.replace(/,/g, ''));
  expect(added).toBeGreaterThan(CATALOGUE.length - 20);
  await expectAccessible(dialog);
  await shot(page, 'preview-390');

  await dialog.getByRole('button', { name: `Import ${added.toLocaleString('en')} games` }).click();
  const bar = savingBar(dialog);
  await expect.poll(() => percent(bar), { interval: 50 }).toBeGreaterThan(0);
  await shot(page, 'applying-390');
  await dialog.getByRole('button', { name: 'Cancel import' }).click();
  const paused = dialog.getByText(
    /^Import paused at [\d,]+ of [\d,]+ changes\. Open Import again to resume or discard it\.$/,
  );
  const [, at = '', of = ''] =
    /at ([\d,]+) of ([\d,]+)/.exec((await paused.textContent({ timeout: 30_000 })) ?? '') ?? [];
  const [done, total] = [Number(at.replace(/,/g, '')), Number(of.replace(/,/g, ''))];
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(total);
  expect(total).toBe(added * (3 + sessionsPerGame));
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A reload: a cancelled import stays paused (it resumes only when asked) at the same place.
  await page.reload();
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor({ timeout: 30_000 });
  dialog = await openImport(page);
  const stopped = dialog.getByRole('status').filter({ hasText: 'An import of grouvee-library.csv' });
  expect(await stopped.locator('span').first().textContent()).toBe(
    `An import of grouvee-library.csv stopped at ${at} of ${of} changes.`,
  );
  await expectAccessible(dialog);
  await shot(page, 'paused-390');
  await stopped.getByRole('button', { name: 'Resume' }).click();
  await expect
    .poll(() => percent(savingBar(dialog)), { interval: 50 })
    .toBeGreaterThan(Math.floor((done / total) * 100));
  await expectAccessible(dialog);

  // The tab closes mid-run: the next visit goes on from the last batch by itself.
  await page.reload();
  const toasts = () => page.locator('.toast__message').allTextContents();
  await expect
    .poll(toasts, { timeout: 60_000 })
    .toContainEqual(
      expect.stringMatching(/^Resuming the import of grouvee-library\.csv: [\d,]+ of [\d,]+ changes saved so far\.$/),
    );
  await expect.poll(toasts, { timeout: 120_000 }).toContain('Import of grouvee-library.csv finished.');
  await synced(page, SYNC_TIMEOUT_MS);

  // On the server, once each: a rating, a finished game and four journal sessions per game.
  const count = async (sql: string) => (await world.gateway.db.query<{ n: number }>(sql, [fresh.id]))[0]?.n;
  expect(await count('select count(*)::int as n from public.rating where user_id = $1')).toBe(added);
  expect(await count('select count(*)::int as n from public.game_progress where user_id = $1 and completed')).toBe(
    added,
  );
  expect(await count('select count(*)::int as n from public.play_session where user_id = $1')).toBe(
    added * sessionsPerGame,
  );
  expect(await page.evaluate(() => window.checkpoint!.pending())).toBe(0);

  // Nothing left to resume, and the same file again plans nothing.
  dialog = await openImport(page);
  expect(await dialog.getByText('An import of', { exact: false }).count()).toBe(0);
  await chooseFile(dialog, 'grouvee-library.csv', file);
  await expect
    .poll(() => summary(dialog))
    .toMatch(new RegExp(`: 0 to add · 0 to change · ${added.toLocaleString('en')} already the same`));
  expect(errors).toEqual([]);
}, 400_000);

it('refuses bad files with a clear message and writes nothing; any other CSV goes through the column mapping (390 px)', async () => {
  const { page, errors } = await signedIn(390, PIXEL.email, PIXEL.password, PIXEL.id);
  const imports = () => deviceCount(page, 'imports');
  const importsBefore = await imports();
  const dialog = await openImport(page);
  const alert = dialog.getByRole('alert');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const bad: ReadonlyArray<[string, string | Buffer, string]> = [
    ['empty.csv', '', IMPORT_TEXT.empty],
    ['cover.png', png, IMPORT_TEXT.binary],
    ['notes.json', '{"games": ["Hades"]}', IMPORT_TEXT.notCheckpointJson],
    ['broken.json', '{"format": "checkpoint-export", "version": 1,', IMPORT_TEXT.brokenJson],
    ['quotes.csv', 'name,rating\n"Hades,5\nCeleste,4\n', 'This CSV file has broken quoting'],
    [
      'twice.csv',
      grouvee([
        { id: 7, name: 'Hades', shelves: ['Played'], rating: 5 },
        { id: 7, name: 'Hades', shelves: ['Played'], rating: 2 },
      ]),
      'Rows 1 and 2 are the same game ("Hades") with different data. Keep one of them and import again.',
    ],
  ];
  // Over the limit: told at once, before the file is read (given as a path: 20 MB through the protocol is slow).
  const huge = join(mkdtempSync(join(tmpdir(), 'import-e2e-')), 'huge.csv');
  writeFileSync(huge, Buffer.alloc(20 * 1024 * 1024 + 1, 'a'));
  await dialog.getByLabel('Choose a file').setInputFiles(huge);
  await expect.poll(() => alert.textContent({ timeout: 30_000 })).toBe(IMPORT_TEXT.tooLarge);
  for (const [name, content, message] of bad) {
    await chooseFile(dialog, name, content);
    await expect.poll(() => alert.textContent({ timeout: 30_000 }), { timeout: 30_000 }).toContain(message);
    // Still on the file choice, to pick another.
    await dialog.getByText('Choose a file').waitFor();
    if (name === 'quotes.csv') {
      await expectAccessible(dialog);
      await shot(page, 'bad-file-390');
    }
  }
  expect(await page.evaluate(() => window.checkpoint!.pending())).toBe(0);
  expect(await imports()).toBe(importsBefore);

  // A spreadsheet of one's own: ';' between cells, scores out of 100, hours played.
  const sheet = [
    'Game;Year released;Score;Status;Hours',
    'Portal 2;2011;90;Finished;41',
    'Celeste;2018;75;Playing;12',
    'Elden Ring;2022;;Wanted;',
  ].join('\r\n');
  await chooseFile(dialog, 'my-games.csv', sheet);
  await dialog
    .getByText('Which column holds what? Only the title is needed. 3 rows in my-games.csv.')
    .waitFor({ timeout: 30_000 });
  expect(await alert.count()).toBe(0);
  // Guessed from the header: Game is the title, Score the rating on 1 to 100, Status and Hours.
  expect(await dialog.getByLabel('Title (required)').inputValue()).toBe('0');
  expect(await dialog.getByLabel('Rating', { exact: true }).inputValue()).toBe('2');
  expect(await dialog.getByLabel('Rating scale').inputValue()).toBe('1-100');
  expect(await dialog.getByLabel('Status').inputValue()).toBe('3');
  expect(await dialog.getByLabel('Hours played').inputValue()).toBe('4');
  // "Year released" is not a name the guess knows: the member says so.
  expect(await dialog.getByLabel('Release year').inputValue()).toBe('-1');
  await dialog.getByLabel('Release year').selectOption({ label: 'Year released — e.g. 2011' });
  await expectAccessible(dialog);
  await shot(page, 'mapping-390');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const text = await summary(dialog);
  expect(text).toMatch(/^3 games in my-games\.csv: /);
  const saved = dialog.getByRole('region', { name: /^What will be saved/ });
  await expect
    .poll(() => saved.getByRole('listitem').filter({ hasText: 'Portal 2' }).textContent())
    .toMatch(/Rated 9\/10/);
  await expectAccessible(dialog);
  // Cancel writes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => window.checkpoint!.pending())).toBe(0);
  expect(await imports()).toBe(importsBefore);
  expect(errors).toEqual([]);
}, 240_000);

it('refuses a JSON row whose text cannot be stored in the preview, saves the good rows on the server, and the done screen counts only those', async () => {
  const fresh = await signUpMember(helpers(), `poisoned_${randomUUID().slice(0, 6)}`);
  const { page, errors } = await signedIn(1280, fresh.email, TEST_PASSWORD, fresh.id);
  const games = CATALOGUE.filter((g) => g.release_year !== null).slice(0, 4);
  const at = '2024-05-01T10:00:00.000Z';
  const review = (g: (typeof games)[number], text: string) => ({
    id: null,
    game: { igdb_id: g.id, name: g.name, release_year: g.release_year, slug: null },
    rating: 8,
    review: text,
    is_recommended: true,
    platform: null,
    playtime_hours: null,
    draft: false,
    posted_at: at,
    updated_at: at,
    like_count: 0,
    comment_count: 0,
    synced: true,
  });
  const [a, b, poisoned, c] = games as [(typeof games)[0], (typeof games)[0], (typeof games)[0], (typeof games)[0]];
  const file = {
    format: 'checkpoint-export',
    version: 1,
    exported_at: at,
    unsynced_changes: 0,
    profile: {
      id: 999,
      username: 'someone',
      display_name: null,
      bio: null,
      avatar_url: null,
      location: null,
      website: null,
      platforms: [],
      joined_at: null,
      synced: true,
    },
    library: [],
    // JSON.stringify writes U+0000 as the escape \u0000, as a file edited by hand or another tool may hold it.
    reviews: [review(a, 'Loved it'), review(b, 'Fine'), review(poisoned, 'Broken\u0000text'), review(c, 'Great 😀')],
    comments: [],
    likes: [],
    top5: [],
    top10: [],
    following: [],
    journal: [],
  };
  const json = JSON.stringify(file);
  expect(json).toContain('\\u0000');
  const dialog = await openImport(page);
  await chooseFile(dialog, 'poisoned.json', json, 'application/json');
  const refused = dialog.getByRole('region', { name: /^Can't be imported \(1\)/ });
  await refused.waitFor({ timeout: 30_000 });
  expect(await refused.getByRole('listitem').allTextContents()).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Row \\d+, ${poisoned.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: This text has a character that can't be saved \\(a null character or a broken emoji\\)\\. Remove it and try again\\.$`,
      ),
    ),
  ]);
  await expectAccessible(dialog);
  await dialog.getByRole('button', { name: 'Import 3 games' }).click();
  await expect.poll(() => summary(dialog), { timeout: 60_000 }).toBe('Import finished: 3 changes saved.');
  expect(await dialog.getByText(/refused and not saved/).count()).toBe(0);

  // The server holds the three good reviews, and nothing of the poisoned one.
  const rated = await world.gateway.db.query<{ igdb_id: number; review: string }>(
    'select g.igdb_id, r.review from public.rating r join public.game g on g.id = r.game_id where r.user_id = $1 order by g.igdb_id',
    [fresh.id],
  );
  expect(rated.map((r) => r.igdb_id)).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await synced(page, SYNC_TIMEOUT_MS);
  expect(await deviceCount(page, 'outbox')).toBe(0);
  expect(errors).toEqual([]);
}, 180_000);
