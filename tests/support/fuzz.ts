// Fuzzing the gateway's public surface: every RPC a client may call and the catalogue
// function, with random and malformed payloads — wrong types, huge strings, deep JSON, unicode
// edge cases, SQL and HTML injection. What must hold: no 5xx (but the 503 a too-new sync protocol
// is meant to get), the gateway keeps answering, and a rejected call changes nothing (row counts
// and checksums of every table unchanged).
import type { Gateway } from '../../supabase/local/gateway.ts';
import type { Db } from '../../supabase/local/db.ts';

export interface FuzzTarget {
  readonly name: string;
  readonly params: readonly string[];
  /** Declared stable or immutable: it cannot write, so even its successes must change nothing. */
  readonly readOnly: boolean;
}

export interface FuzzOutcome {
  readonly calls: number;
  readonly byStatus: Record<string, number>;
  readonly accepted: number;
  readonly failures: string[];
  readonly checksumChecks: number;
}

const INJECTIONS = [
  "'; drop table public.game; --",
  '1 or 1=1',
  "' or ''='",
  '"; select pg_sleep(5); --',
  "admin'--",
  '%',
  '_',
  '\\',
  '/* */',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
];
const UNICODE = [
  '\u0000',
  '\ud800',
  '\udfff',
  'Z\u0351\u0352\u0353',
  '\u202eevil',
  '🎮🕹️👾',
  'ｆｕｌｌｗｉｄｔｈ',
  'Pokémon',
  '\u200b',
  '\ufeff',
  'a\u0000b',
  '𝕏'.repeat(50),
];

export function randomValue(rand: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const kind = Math.floor(rand() * 16);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rand() < 0.5;
    case 2:
      return Math.floor(rand() * 2 ** 31) * (rand() < 0.3 ? -1 : 1);
    case 3:
      return pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, -0, 0.1 + 0.2]);
    case 4:
      return pick(INJECTIONS);
    case 5:
      return pick(UNICODE);
    case 6:
      return 'x'.repeat(pick([101, 501, 10_001, 100_000]));
    case 7:
      return '';
    case 8:
      return String(Math.floor(rand() * 1000));
    case 9:
      return new Date(Math.floor(rand() * 4e12)).toISOString();
    case 10:
      return crypto.randomUUID();
    case 11:
      return depth > 3 ? [] : Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
    case 12:
      return depth > 3
        ? {}
        : Object.fromEntries(
            Array.from({ length: Math.floor(rand() * 4) }, (_, i) => [
              pick(['id', 'name', 'igdb_id', `k${i}`, '__proto__', 'constructor']),
              randomValue(rand, depth + 1),
            ]),
          );
    case 13:
      return deepJson(pick([50, 300, 1000]));
    case 14:
      return pick(['NaN', 'Infinity', 'true', 'null', '[]', '{}', '1e999']);
    default:
      return pick(['zelda', 'mario kart 8', 'ff7', 'the-witcher-3-wild-hunt', 'pixel_pilgrim']);
  }
}

function deepJson(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { d: v };
  return v;
}

const MUTATION_NAMES = [
  'game.ensure',
  'review.create',
  'review.update',
  'review.delete',
  'review_like.set',
  'comment.add',
  'comment.edit',
  'comment.delete',
  'comment_like.set',
  'follow.set',
  'progress.set',
  'wishlist.set',
  'collection.set',
  'collection.move',
  'top5.replace',
  'profile.update',
  'no.such.mutation',
];

/** A malformed body: not JSON, not an object, unknown or missing parameters, or random values. */
export function randomBody(rand: () => number, target: FuzzTarget): string {
  const r = rand();
  if (r < 0.03) return '{"unterminated": ';
  // Nesting far deeper than any parser's recursion should be allowed to go.
  if (r < 0.05) return `{"${target.params[0] ?? 'x'}": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  if (r < 0.08) return JSON.stringify(randomValue(rand));
  if (target.name === 'sync_push' && r < 0.6) {
    const mutations = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({
      id: rand() < 0.8 ? crypto.randomUUID() : randomValue(rand),
      name: MUTATION_NAMES[Math.floor(rand() * MUTATION_NAMES.length)],
      args:
        rand() < 0.2
          ? randomValue(rand)
          : Object.fromEntries(
              [
                'igdb_id',
                'rating',
                'review',
                'name',
                'rating_id',
                'comment_id',
                'content',
                'user_id',
                'following',
                'started',
                'completed',
                'games',
                'bio',
                'username',
                'liked',
              ]
                .filter(() => rand() < 0.4)
                .map((k) => [k, randomValue(rand)]),
            ),
    }));
    return JSON.stringify({
      p_client_id: rand() < 0.8 ? crypto.randomUUID() : randomValue(rand),
      p_mutations: rand() < 0.9 ? mutations : randomValue(rand),
    });
  }
  const args: Record<string, unknown> = {};
  for (const p of target.params) if (rand() < 0.8) args[p] = randomValue(rand);
  if (rand() < 0.15) args[`unknown_${Math.floor(rand() * 9)}`] = randomValue(rand);
  return JSON.stringify(args);
}

/** The functions clients may call: public schema, EXECUTE granted to anon or authenticated. */
export async function rpcTargets(db: Db): Promise<FuzzTarget[]> {
  const rows = await db.query<{ name: string; params: string[] | null; read_only: boolean }>(`
    select p.proname as name, coalesce(p.proargnames, '{}') as params, p.provolatile <> 'v' as read_only
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
    order by 1`);
  return rows.map((r) => ({ name: r.name, params: (r.params ?? []).filter((x) => x !== ''), readOnly: r.read_only }));
}

/** One checksum over every table the API can change (sync_applied, the idempotency ledger, aside). */
export async function databaseChecksum(db: Db): Promise<string> {
  const tables = await db.query<{ t: string }>(`
    select format('%I.%I', schemaname, tablename) as t from pg_tables
    where schemaname in ('public', 'app') and tablename not in ('sync_applied') order by 1`);
  const parts: string[] = [];
  for (const { t } of tables) {
    const [row] = await db.query<{ n: string; h: string | null }>(
      `select count(*)::text as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${t} x`,
    );
    parts.push(`${t}:${row?.n}:${row?.h ?? ''}`);
  }
  return parts.join(';');
}

interface CallResult {
  status: number;
  accepted: boolean;
  text: string;
}

/**
 * The one 5xx the server means to send: a sync protocol newer than it speaks is 503 with the hint
 * `unsupported_protocol` (supabase/schema/tables/public.sync_protocol.sql), which clients retry while the server is upgraded.
 */
function isRetryLater(status: number, text: string): boolean {
  if (status !== 503) return false;
  try {
    return (JSON.parse(text) as { hint?: unknown }).hint === 'unsupported_protocol';
  } catch {
    return false;
  }
}

async function call(
  gateway: Gateway,
  path: string,
  body: string,
  token: string,
  readOnly: boolean,
): Promise<CallResult> {
  const res = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', apikey: gateway.anonKey, Authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  // The catalogue function and read-only functions never write, whatever they answer.
  const accepted = !readOnly && !path.includes('igdb-search') && mayHaveWritten(path, res.status, text);
  return { status: res.status, accepted, text };
}

/**
 * Whether a call's answer says it may have changed the database: any 2xx/3xx, except a sync_push
 * whose every mutation was refused (the server answers `ok` for each one it applied, or had
 * applied before; `rejected` or `client_too_old` for the rest), which must change nothing.
 */
export function mayHaveWritten(path: string, status: number, text: string): boolean {
  if (status >= 400) return false;
  if (!path.endsWith('/sync_push')) return true;
  let reply: { results?: Array<{ status?: string }> };
  try {
    reply = JSON.parse(text) as typeof reply;
  } catch {
    return true;
  }
  return (reply.results ?? []).some((r) => r.status === 'ok');
}

/**
 * Runs `cases` fuzzed calls spread over the RPCs and the catalogue function, as anon and as the
 * members whose tokens are given. Checksums are compared after every batch of rejected calls.
 */
export async function fuzzGateway(
  gateway: Gateway,
  options: { cases: number; rand: () => number; tokens: readonly string[]; batch?: number },
): Promise<FuzzOutcome> {
  const { cases, rand, tokens } = options;
  const batchSize = options.batch ?? 40;
  const targets = await rpcTargets(gateway.db);
  const byStatus: Record<string, number> = {};
  const failures: string[] = [];
  let accepted = 0;
  let checksumChecks = 0;
  let baseline = await databaseChecksum(gateway.db);
  let done = 0;
  while (done < cases) {
    let changed = false;
    const batch: Promise<void>[] = [];
    const log: string[] = [];
    for (let i = 0; i < batchSize && done < cases; i++, done++) {
      const onFunction = rand() < 0.15;
      const target = targets[Math.floor(rand() * targets.length)] ?? {
        name: 'get_platforms',
        params: [],
        readOnly: true,
      };
      const path = onFunction
        ? rand() < 0.5
          ? '/functions/v1/igdb-search'
          : '/.netlify/functions/igdb-search'
        : `/rest/v1/rpc/${target.name}`;
      const body = onFunction ? functionBody(rand) : randomBody(rand, target);
      const token = rand() < 0.4 ? gateway.anonKey : (tokens[Math.floor(rand() * tokens.length)] ?? gateway.anonKey);
      batch.push(
        call(gateway, path, body, token, !onFunction && target.readOnly).then(
          (r) => {
            byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
            log.push(`${r.status} ${path} ${body.slice(0, 160)}`);
            if (r.status >= 500 && !isRetryLater(r.status, r.text))
              failures.push(`${r.status} from ${path}: ${body.slice(0, 300)}`);
            if (r.accepted) {
              accepted += 1;
              changed = true;
            }
          },
          (error: unknown) => {
            failures.push(`no answer from ${path}: ${String(error)} for ${body.slice(0, 200)}`);
          },
        ),
      );
      // Keep a few calls in flight, like real clients, without drowning a 2-core machine.
      if (batch.length % 4 === 0) await Promise.all(batch.slice(-4));
    }
    await Promise.all(batch);
    const now = await databaseChecksum(gateway.db);
    if (!changed) {
      checksumChecks += 1;
      if (now !== baseline) {
        const before = new Set(baseline.split(';'));
        const tables = now
          .split(';')
          .filter((part) => !before.has(part))
          .map((part) => part.split(':')[0]);
        failures.push(
          `rejected calls changed ${tables.join(', ')} (batch ending at call ${done}):\n${log.filter((l) => !/^4/.test(l) || l.includes('sync_push')).join('\n')}`,
        );
      }
    }
    baseline = now;
  }
  return { calls: done, byStatus, accepted, failures, checksumChecks };
}

function functionBody(rand: () => number): string {
  const r = rand();
  if (r < 0.1) return '{"searchTerm": ';
  if (r < 0.3) return JSON.stringify({ searchTerm: randomValue(rand), limit: randomValue(rand) });
  if (r < 0.45) return JSON.stringify({ type: 'getById', gameId: randomValue(rand) });
  if (r < 0.8) {
    const queries = [
      'fields name; where id = (1,2,3); limit 5;',
      'fields *; limit 500;',
      'fields name; where parent_game = 1942 & category = (1,2); sort first_release_date asc; limit 20;',
      'fields name; search "zelda"; limit 10;',
      'fields name; where name ~ *"a"*; limit 10;',
      String(randomValue(rand)),
      'fields name; where id = 1; limit 10; fields summary;',
    ];
    return JSON.stringify({
      isBulkRequest: true,
      endpoint: rand() < 0.8 ? 'games' : randomValue(rand),
      requestBody: rand() < 0.8 ? queries[Math.floor(rand() * queries.length)] : randomValue(rand),
    });
  }
  return JSON.stringify(randomValue(rand));
}
