// One PostgREST-style function call: choose the function by the set of argument names among those
// of its schema and name (schema-cache.ts reads them from pg_proc), then run it in one transaction
// under the caller's role with request.* settings.
// Arguments are bound as one JSON object and typed by json_to_record with the declared types, as
// PostgREST does; the response JSON is built in SQL so PGlite and node-postgres answer alike.
// An argument declared `json` is bound on its own as JSON text instead: json_to_record reads every
// string of its input as text, so one \u0000 or unpaired surrogate escape anywhere in it fails the
// whole call, where `json` input only checks the syntax and keeps them (sync_push answers such a
// mutation alone, `invalid_text`). PostgREST itself has no such path: behind it that call fails.
import type { Db } from './db.ts';
import { pgrstError, type PgrstError } from './pg-errors.ts';
import { roleSettingsSql } from './role-settings.ts';
import { roleSettingsOf, type Routine } from './schema-cache.ts';

/** PostgREST's choice: required args ⊆ given ⊆ all args; an exact match wins a tie. */
export function chooseRoutine(
  routines: readonly Routine[],
  given: readonly string[],
): Routine | PgrstError | undefined {
  const keys = new Set(given);
  const fits = routines.filter((r) => {
    if (r.args.some((a) => a.name === '')) return false;
    const all = new Set(r.args.map((a) => a.name));
    const required = r.args.slice(0, r.args.length - r.defaults).map((a) => a.name);
    return required.every((n) => keys.has(n)) && given.every((n) => all.has(n));
  });
  if (fits.length <= 1) return fits[0];
  const exact = fits.filter((r) => r.args.length === keys.size);
  if (exact.length === 1) return exact[0];
  const list = fits
    .map((r) => `${r.schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
    .join(', ');
  return pgrstError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

export function notFound(
  schema: string,
  name: string,
  given: readonly string[],
  overloads: readonly Routine[],
  isPost: boolean,
): PgrstError {
  const keys = [...given].sort();
  const fn = `${schema}.${name}`;
  const params = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const searched =
    keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  const first = overloads[0];
  const hint = first
    ? `Perhaps you meant to call the function ${fn}(${first.args
        .map((a) => a.name)
        .sort()
        .join(', ')})`
    : null;
  return pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${params} in the schema cache`,
    `Searched for the function ${fn}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

export interface CallSettings {
  readonly role: string;
  readonly claims: Record<string, unknown>;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** GET and HEAD run read-only, as in PostgREST: a volatile function then fails with 25006. */
  readonly readOnly: boolean;
  readonly searchPath: string;
}

export interface CallShape {
  /** `application/vnd.pgrst.object+json`: the first row alone. */
  readonly single: boolean;
  readonly stripNulls: boolean;
  readonly limit?: number;
  readonly offset?: number;
}

export interface CallResult {
  /** JSON text, or undefined for a void function. */
  readonly body: string | undefined;
  readonly rows: number;
  readonly total: number | null;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The given arguments declared `json`, in declaration order: each bound as its own parameter. */
export function ownParameters(routine: Routine, given: readonly string[]): string[] {
  return routine.args.filter((a) => a.type === 'json' && given.includes(a.name)).map((a) => a.name);
}

export function callSql(routine: Routine, given: readonly string[], shape: CallShape): string {
  const args = routine.args.filter((a) => given.includes(a.name));
  const own = ownParameters(routine, given);
  const inRecord = args.filter((a) => !own.includes(a.name));
  // $1 is the record when there is one; the `json` arguments follow.
  const firstOwn = inRecord.length > 0 ? 2 : 1;
  const value = (name: string) =>
    own.includes(name) ? `$${firstOwn + own.indexOf(name)}::json` : `_a.${quoteIdent(name)}`;
  const call = `${quoteIdent(routine.schema)}.${quoteIdent(routine.name)}(${args.map((a) => `${quoteIdent(a.name)} := ${value(a.name)}`).join(', ')}) _r`;
  const from =
    inRecord.length === 0
      ? call
      : `json_to_record($1::json) as _a(${inRecord.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ')}),
         ${call}`;
  const page = `${shape.limit !== undefined ? ` limit ${shape.limit}` : ''}${shape.offset !== undefined ? ` offset ${shape.offset}` : ''}`;
  if (routine.returnsVoid)
    return `select null::text as body, count(*)::int as rows, null::int as total from (select 1 from ${from}) _page`;
  // A one-value function (sync_pull's page: a megabyte of JSON) gives exactly one row: its JSON is
  // taken as it is, not through a window's count and an array of the rows below, which copy the
  // value again (about a fifth of a sync_pull page's time on PGlite). With a limit or offset (which
  // can leave no row) it goes the way below.
  if (!routine.returnsSet && shape.limit === undefined && shape.offset === undefined) {
    const value = shape.stripNulls ? 'json_strip_nulls(to_json(_r))' : 'to_json(_r)';
    return `select ${value}::text as body, 1 as rows, null::int as total from ${from}`;
  }
  const agg = shape.stripNulls ? 'json_strip_nulls(json_agg(_r))' : 'json_agg(_r)';
  // One value (a one-value function with a limit or offset, or the object media type): the first
  // row's own JSON. Taking it as `json_agg(_r) -> 0` would read the whole aggregated text again to
  // find element 0.
  const first = shape.stripNulls ? 'json_strip_nulls(to_json((array_agg(_r))[1]))' : 'to_json((array_agg(_r))[1])';
  const body = shape.single || !routine.returnsSet ? `${first}::text` : `coalesce(${agg}, '[]'::json)::text`;
  return `select ${body} as body, count(*)::int as rows, max(_total)::int as total
            from (select _r, count(*) over () as _total from ${from}${page}) _page`;
}

export async function runCall(
  db: Db,
  routine: Routine,
  args: Record<string, unknown>,
  shape: CallShape,
  settings: CallSettings,
): Promise<CallResult> {
  const given = Object.keys(args);
  const sql = callSql(routine, given, shape);
  // The role's settings as the schema cache holds them, set from parameters; else read in the
  // same statement.
  const cached = await roleSettingsOf(db, settings.role);
  const roleSettings = cached
    ? cached.map((_, i) => `set_config($${7 + 2 * i}, $${8 + 2 * i}, true)`).join(', ') || 'null'
    : roleSettingsSql(6);
  return db.transaction(async (tx) => {
    if (settings.readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('search_path', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true), set_config('request.cookies', '{}', true),
              set_config('role', $6, true), ${roleSettings}`,
      [
        settings.searchPath,
        JSON.stringify(settings.claims),
        settings.method,
        settings.path,
        JSON.stringify(settings.headers),
        settings.role,
        ...(cached ?? []).flatMap(({ name, value }) => [name, value]),
      ],
    );
    const own = ownParameters(routine, given);
    const inRecord = given.filter((name) => !own.includes(name));
    const record = JSON.stringify(Object.fromEntries(inRecord.map((name) => [name, args[name]])));
    const rows = await tx.query<{ body: string | null; rows: number; total: number | null }>(sql, [
      ...(inRecord.length > 0 ? [record] : []),
      ...own.map((name) => JSON.stringify(args[name])),
    ]);
    const row = rows[0];
    return {
      body: routine.returnsVoid ? undefined : (row?.body ?? 'null'),
      rows: Number(row?.rows ?? 0),
      total: row?.total === null || row?.total === undefined ? null : Number(row.total),
    };
  });
}
