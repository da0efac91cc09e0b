// /rest/v1/rpc/<fn>: PostgREST's RPC endpoint. The caller's JWT (Authorization, else apikey)
// chooses the database role; errors use PostgREST's codes, bodies and statuses. Beyond PostgREST:
// a member's token whose session has ended (signed out) is refused like a bad JWT, and calls are
// limited per member and per IP (auth/rate-limit.ts), answered 429 with Retry-After.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext } from './context.ts';
import type { Claims } from './jwt.ts';
import {
  acceptedEncoding,
  BodyTooLargeError,
  compress,
  header,
  isRecord,
  parseJson,
  readBody,
  send,
  sendJson,
} from './http.ts';
import { asPgError, fromPgError, pgrstError, type PgrstError } from './pg-errors.ts';
import { chooseRoutine, notFound, runCall, type CallShape } from './rpc-call.ts';
import { routinesOf } from './schema-cache.ts';

/** Schemas a client may call into, as Supabase's default `db-schemas`. */
const EXPOSED_SCHEMAS = ['public'];
const SEARCH_PATH = 'public, extensions';
/** Query parameters that shape the result rather than name an argument. */
const RESERVED_PARAMS = new Set(['select', 'limit', 'offset', 'order', 'columns', 'on_conflict']);

class RestFailure extends Error {
  constructor(readonly error: PgrstError) {
    super(error.message);
  }
}

export async function handleRest(
  ctx: GatewayContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  try {
    const fn = /^\/rpc\/([^/]+)\/?$/.exec(path)?.[1];
    if (!fn) {
      throw new RestFailure(
        pgrstError(
          404,
          'PGRST125',
          'Invalid path specified in request URL',
          'The local gateway serves only /rest/v1/rpc/<function>',
        ),
      );
    }
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      throw new RestFailure(pgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`));
    }
    const claims = await callerClaims(ctx, req);
    const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
    // Before the body is read: a refused caller costs next to nothing.
    const wait = ctx.limits.rpcWait(
      ctx.limits.clientIp(req),
      role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : undefined,
    );
    if (wait > 0) throw new RestFailure(rateLimited(wait));
    if (!(await ctx.liveSessions.allows(claims))) throw new RestFailure(jwtError('PGRST301', SESSION_ENDED));
    const isPost = method === 'POST';
    const schema = chosenSchema(req, isPost);
    const shape = resultShape(req, url, isPost);
    const args = isPost ? await bodyArgs(req) : queryArgs(url);
    const name = decodePathSegment(fn);
    const routines = await routinesOf(ctx.db, schema, name);
    const given = Object.keys(args);
    const routine = chooseRoutine(routines, given);
    if (!routine) throw new RestFailure(notFound(schema, name, given, routines, isPost));
    if ('status' in routine) throw new RestFailure(routine);

    const result = await runCall(ctx.db, routine, args, shape, {
      role,
      claims,
      method,
      path: `/rpc/${name}`,
      headers: lowerCaseHeaders(req),
      readOnly: !isPost,
      searchPath: SEARCH_PATH,
    }).catch((error: unknown) => {
      const pg = asPgError(error);
      throw pg ? new RestFailure(fromPgError(pg, role !== 'anon')) : error;
    });

    if (shape.single && result.rows !== 1) {
      throw new RestFailure(
        pgrstError(
          406,
          'PGRST116',
          'JSON object requested, multiple (or no) rows returned',
          `The result contains ${result.rows} rows`,
        ),
      );
    }
    if (result.body === undefined) {
      send(res, 204, undefined);
      return;
    }
    const headers: Record<string, string> = {
      'Content-Type': `${shape.single ? 'application/vnd.pgrst.object+json' : 'application/json'}; charset=utf-8`,
    };
    if (routine.returnsSet)
      headers['Content-Range'] = contentRange(result.rows, shape.offset ?? 0, wantsCount(req) ? result.total : null);
    send(res, 200, method === 'HEAD' ? undefined : compressed(req, result.body, headers), headers);
  } catch (error) {
    if (error instanceof RestFailure) sendPgrst(res, error.error);
    else if (error instanceof BodyTooLargeError)
      sendPgrst(res, pgrstError(413, 'PGRST413', 'Payload Too Large', error.message));
    else throw error;
  }
}

function sendPgrst(res: ServerResponse, e: PgrstError): void {
  sendJson(res, e.status, { code: e.code, details: e.details, hint: e.hint, message: e.message }, e.headers);
}

/** PostgREST's JWT check; an anon or service_role API key is a JWT like any other. */
async function callerClaims(ctx: GatewayContext, req: IncomingMessage): Promise<Claims> {
  const apikey = header(req, 'apikey');
  const bearer = /^Bearer\s+(.*)$/i.exec(header(req, 'authorization') ?? '')?.[1]?.trim();
  if (apikey !== undefined && !(await ctx.keys.verify(apikey)).ok) {
    throw new RestFailure(
      pgrstError(
        401,
        'PGRST301',
        'Invalid API key',
        null,
        'Double check your Supabase `anon` or `service_role` API key.',
      ),
    );
  }
  const token = bearer ?? apikey;
  if (token === undefined) {
    throw new RestFailure(
      pgrstError(
        401,
        'PGRST302',
        'No API key found in request',
        null,
        'No `apikey` request header or url param was found.',
      ),
    );
  }
  if (token === '') throw new RestFailure(jwtError('PGRST301', 'Empty JWT is sent in Authorization header'));
  const verified = await ctx.keys.verify(token);
  if (verified.ok) return verified.claims;
  if (verified.reason === 'expired' || verified.reason === 'claims')
    throw new RestFailure(jwtError('PGRST303', verified.message));
  throw new RestFailure(jwtError('PGRST301', verified.message));
}

/** Said for a member's token after sign-out; the app then refreshes, fails, and signs out too. */
const SESSION_ENDED = 'JWT session has ended: the session was signed out';

function rateLimited(seconds: number): PgrstError {
  return pgrstError(
    429,
    'over_request_rate_limit',
    'Too many requests',
    `Request rate limit reached. Please try again in ${seconds} seconds.`,
    null,
    { 'Retry-After': String(seconds) },
  );
}

function jwtError(code: string, message: string): PgrstError {
  return pgrstError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

function chosenSchema(req: IncomingMessage, isPost: boolean): string {
  const asked = header(req, isPost ? 'content-profile' : 'accept-profile');
  if (asked === undefined || asked === '') return EXPOSED_SCHEMAS[0] ?? 'public';
  if (EXPOSED_SCHEMAS.includes(asked)) return asked;
  throw new RestFailure(
    pgrstError(
      406,
      'PGRST106',
      `Invalid schema: ${asked}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`,
    ),
  );
}

function resultShape(req: IncomingMessage, url: URL, isPost: boolean): CallShape {
  const accept = (header(req, 'accept') ?? 'application/json').toLowerCase();
  const media = accept.split(',').map((part) => part.trim());
  const single = media.some((m) => m.startsWith('application/vnd.pgrst.object+json'));
  const known =
    single ||
    media.some((m) => /^(application\/json|application\/vnd\.pgrst\.array\+json|\*\/\*|application\/\*)/.test(m));
  if (!known) throw new RestFailure(pgrstError(406, 'PGRST107', `None of these media types are available: ${accept}`));
  const stripNulls = media.some((m) => /nulls=stripped/.test(m));

  for (const key of url.searchParams.keys()) {
    const unsupported = key === 'order' || key === 'on_conflict' || (isPost && !RESERVED_PARAMS.has(key));
    if (unsupported) {
      throw new RestFailure(
        pgrstError(
          400,
          'PGRST127',
          'Feature not implemented',
          `The local gateway does not filter or order RPC results ("${key}")`,
        ),
      );
    }
  }
  const select = url.searchParams.get('select');
  if (select !== null && select.trim() !== '*') {
    throw new RestFailure(
      pgrstError(400, 'PGRST127', 'Feature not implemented', 'The local gateway supports only select=* on RPC'),
    );
  }
  return { single, stripNulls, limit: count(url, 'limit'), offset: count(url, 'offset') };
}

function count(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw new RestFailure(pgrstError(400, 'PGRST100', `"failed to parse ${name} parameter (${raw})"`));
  return Number(raw);
}

/** Answers above this size go compressed to clients that accept it (a catalogue page: 284 KB → ~40 KB). */
const COMPRESS_ABOVE_BYTES = 2048;

/**
 * Brotli at quality 1 where the client takes it, else gzip at level 1: both made for each answer,
 * so made fast. On a sync_pull page of 4,500 changes (1.5 MB of JSON), brotli 1 took 1.6 ms and
 * made 132 KB where gzip 1 took 3.9 ms for 148 KB, and unpacks as fast (the server's CPU is the
 * pull's longest path, docs/decisions/0004-pull-pages-grouped-by-table.md).
 */
function compressed(req: IncomingMessage, body: string, headers: Record<string, string>): string | Buffer {
  headers['Vary'] = 'Accept-Encoding';
  const encoding = acceptedEncoding(req);
  if (encoding === null) return body;
  const raw = Buffer.from(body);
  if (raw.byteLength < COMPRESS_ABOVE_BYTES) return raw;
  headers['Content-Encoding'] = encoding;
  return compress(raw, encoding, 1);
}

async function bodyArgs(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (raw.length === 0) return {};
  const parsed = parseJson(raw);
  if (!parsed.ok) throw new RestFailure(pgrstError(400, 'PGRST102', 'Empty or invalid json'));
  if (!isRecord(parsed.value)) {
    throw new RestFailure(
      pgrstError(400, 'PGRST102', 'Empty or invalid json', 'RPC arguments must be a JSON object of named arguments'),
    );
  }
  return parsed.value;
}

function queryArgs(url: URL): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of url.searchParams) if (!RESERVED_PARAMS.has(key)) args[key] = value;
  return args;
}

function wantsCount(req: IncomingMessage): boolean {
  return /count=(exact|planned|estimated)/.test(header(req, 'prefer') ?? '');
}

function contentRange(rows: number, offset: number, total: number | null): string {
  const range = rows === 0 ? '*' : `${offset}-${offset + rows - 1}`;
  return `${range}/${total === null ? '*' : total}`;
}

function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') out[key.toLowerCase()] = value;
    else if (Array.isArray(value)) out[key.toLowerCase()] = value.join(', ');
  }
  return out;
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RestFailure(pgrstError(404, 'PGRST125', 'Invalid path specified in request URL'));
  }
}
