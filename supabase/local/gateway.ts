// The local gateway: opens the database (PGlite on disk or in memory, or a Postgres server),
// brings it to the current schema, seeds it when fresh, and serves Supabase's HTTP API plus the
// built app on one origin. Used by `npm start` (main.ts), `npm run dev` (dev.ts) and the tests.
// Why it is the embedded default: docs/decisions/0003-gateway-as-embedded-default.md.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endedSessionToken } from './auth/bearer.ts';
import { LiveSessions } from './auth/live-sessions.ts';
import { createPasswordHasher, type PasswordHashing } from './auth/passwords.ts';
import { RateLimiter, resolveRateLimits, type RateLimitOption } from './auth/rate-limit.ts';
import { smtpSender } from './auth/smtp.ts';
import { handleAuth } from './auth/routes.ts';
import type { GatewayContext, Log } from './context.ts';
import { openPglite, openPostgres, type Db } from './db.ts';
import { handleDev } from './dev-routes.ts';
import { isLoopback, type MailSettings } from './exposure.ts';
import { firstPaintFor } from './first-paint.ts';
import { handleFunction } from './functions.ts';
import { CORS_HEADERS, header, requestUrl, send, sendJson } from './http.ts';
import { createJwtKeys } from './jwt.ts';
import { lockDataDir, type DataDirLock } from './lock.ts';
import { migrate } from './migrate.ts';
import { DEFAULT_RETENTION_DAYS, startRetention, type RetentionOptions } from './retention.ts';
import { handleRest } from './rest.ts';
import { loadOrCreateSecret, randomSecret } from './secret.ts';
import { seedDatabase } from './seed.ts';
import { overHttps, STRICT_TRANSPORT_SECURITY } from './security-headers.ts';
import { serveStatic } from './static.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built app; CHECKPOINT_DIST_DIR points elsewhere (parallel builds while developing). */
export const DEFAULT_DIST_DIR = process.env['CHECKPOINT_DIST_DIR'] ?? path.join(REPO_ROOT, 'dist');

export type SeedHook = (db: Db) => Promise<void>;

export interface GatewayOptions {
  /** 0 picks a free port. Default 5173. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** PGlite stored here (locked against a second gateway). Also where the JWT secret is kept. */
  readonly dataDir?: string;
  /** PGlite in memory: nothing is kept. */
  readonly inMemory?: boolean;
  /** A Postgres server instead of PGlite. */
  readonly databaseUrl?: string;
  /** An already open, caller-owned database (tests); migrated, never closed by the gateway. */
  readonly db?: Db;
  /** The built app. Default dist/ at the repo root. */
  readonly distDir?: string;
  /** Default: JWT_SECRET-style secret kept in dataDir/jwt-secret, or a random one in memory. */
  readonly jwtSecret?: string;
  /** Access-token lifetime in seconds. Default 3600. */
  readonly jwtExpiry?: number;
  /** Passed to the default seed hook. Default: devMailbox. */
  readonly demo?: boolean;
  /**
   * /_dev/mailbox* (to loopback callers only) and the development OAuth stub. Default: on while
   * the gateway listens on loopback and has no publicUrl, the rule `npm start` follows (exposure.ts).
   */
  readonly devMailbox?: boolean;
  /** Where sign-up and reset mail goes. Default: the dev mailbox when it is on, else none (MAIL=off). */
  readonly mail?: MailSettings;
  readonly catalogueFile?: string;
  /** Runs once on a fresh database after the migrations. Default: seedDatabase; false: none. */
  readonly seed?: SeedHook | false;
  /**
   * The gateway's public address (PUBLIC_URL: a proxy's https://… name, the Vite dev server):
   * token issuer, allowed redirects, default for siteUrl. Default: the gateway's own URL.
   */
  readonly publicUrl?: string;
  /** Where the app lives (mail links). Default: publicUrl. */
  readonly siteUrl?: string;
  /**
   * More addresses a client's redirect_to may name besides siteUrl and publicUrl (REDIRECT_URLS,
   * GoTrue's URI allow list): origins, or origins with a path prefix. Default none.
   */
  readonly redirectUrls?: readonly string[];
  /** Believe X-Forwarded-Proto and X-Forwarded-Host (a TLS reverse proxy in front; origin.ts). Default false. */
  readonly trustProxy?: boolean;
  /**
   * GoTrue's limits on sign-in, sign-up, recovery, resend, verification and token refresh. Default:
   * GoTrue's defaults (auth/rate-limit.ts); 'relaxed' turns them off (tests that sign up many
   * members from one address); an object changes some (0 turns one off).
   */
  readonly rateLimits?: RateLimitOption;
  /**
   * Where bcrypt runs: 'workers' (default), a small pool of worker threads started on the first
   * sign-in, so other requests are answered meanwhile; 'inline' on the HTTP thread, only for the
   * load bench's comparison.
   */
  readonly passwordHashing?: PasswordHashing;
  /** The rate limits' clock in ms (tests move it). Default Date.now. */
  readonly clock?: () => number;
  /** Prunes the sync change log at start and hourly (retention.ts). Default 30 days; false: never. */
  readonly syncRetention?: RetentionOptions | false;
  readonly log?: Log;
}

export interface Gateway {
  /** The gateway's own base URL, e.g. http://127.0.0.1:54321. */
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly db: Db;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const log = options.log ?? ((message: string) => console.log(`[gateway] ${message}`));
  const host = options.host ?? '127.0.0.1';
  const devMailbox = options.devMailbox ?? (isLoopback(host) && options.publicUrl === undefined);
  const mail = options.mail ?? { kind: devMailbox ? 'mailbox' : 'off' };
  const usesPglite = !options.db && !options.databaseUrl;
  const onDisk = usesPglite && !options.inMemory;
  const dataDir = options.dataDir ?? (options.inMemory || options.db ? undefined : '.data');

  const lock: DataDirLock | undefined = onDisk && dataDir ? await lockDataDir(dataDir) : undefined;
  let db: Db | undefined;
  try {
    const secret = options.jwtSecret ?? (dataDir ? await loadOrCreateSecret(dataDir) : randomSecret());
    const started = Date.now();
    // A first start spends most of its half minute here and in the seed: say so, so it is not taken for hung.
    if (usesPglite)
      log(hasPgliteFiles(onDisk ? dataDir : undefined) ? 'opening the database…' : 'creating the database…');
    db =
      options.db ??
      (options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(onDisk ? dataDir : undefined));
    const fresh = await isFresh(db);
    await migrate(db);
    const seed =
      options.seed ??
      ((d: Db) => seedDatabase(d, { demo: options.demo ?? devMailbox, catalogueFile: options.catalogueFile, log }));
    if (fresh && seed) await seed(db);
    log(`database ready in ${Date.now() - started} ms (${describe(options, onDisk, dataDir)}${fresh ? ', new' : ''})`);

    const server = createServer();
    await listen(server, options.port ?? 5173, host);
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('The gateway is not listening on a TCP port');
    const { port } = address;
    const ownUrl = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
    const publicUrl = (options.publicUrl ?? ownUrl).replace(/\/+$/, '');
    const keys = await createJwtKeys(secret);
    const jwtExpiry = options.jwtExpiry ?? 3600;
    const ctx: GatewayContext = {
      db,
      keys,
      publicUrl,
      siteUrl: (options.siteUrl ?? publicUrl).replace(/\/+$/, ''),
      redirectUrls: options.redirectUrls ?? [],
      trustProxy: options.trustProxy ?? false,
      jwtExpiry,
      limits: new RateLimiter(resolveRateLimits(options.rateLimits), options.clock),
      mail: { off: mail.kind === 'off', ...(mail.kind === 'smtp' ? { smtp: smtpSender(mail.url, mail.from) } : {}) },
      devMailbox,
      passwords: createPasswordHasher(options.passwordHashing),
      liveSessions: new LiveSessions(db, jwtExpiry * 1000, options.clock),
      log,
    };
    const distDir = options.distDir ?? DEFAULT_DIST_DIR;
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      route(ctx, distDir, req, res).catch((error: unknown) => {
        log(
          `unexpected error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        sendJson(res, 500, { code: 'unexpected_failure', message: 'Unexpected failure, see the server log' });
      });
    });
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    });

    const retentionOption = options.syncRetention ?? { days: DEFAULT_RETENTION_DAYS };
    const retention = retentionOption ? startRetention(db, retentionOption, log) : undefined;
    const ownedDb = options.db ? undefined : db;
    let closing: Promise<void> | undefined;
    return {
      url: ownUrl,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      db,
      close() {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          await retention?.stop();
          ctx.mail.smtp?.close();
          await ctx.passwords.close();
          await ownedDb?.close();
          await lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    if (db && !options.db) await db.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}

async function route(ctx: GatewayContext, distDir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = requestUrl(req);
  const p = url.pathname;
  const proto = ctx.trustProxy ? header(req, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  if (overHttps(ctx.publicUrl, proto)) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  const under = (prefix: string) => p === prefix || p.startsWith(`${prefix}/`);
  // Before the CORS preflight: the dev mailbox is never offered to other origins (dev-routes.ts).
  if (under('/_dev')) return handleDev(ctx, req, res, p.slice('/_dev'.length));
  if (req.method === 'OPTIONS') {
    send(res, 204, undefined, CORS_HEADERS);
    return;
  }
  if (under('/auth/v1')) return handleAuth(ctx, req, res, p.slice('/auth/v1'.length) || '/', url);
  if (under('/rest/v1')) return handleRest(ctx, req, res, p.slice('/rest/v1'.length) || '/', url);
  if ((under('/functions/v1') || under('/.netlify/functions')) && (await endedSessionToken(ctx, req))) {
    sendJson(res, 401, { code: 'INVALID_JWT', message: 'JWT session has ended: the session was signed out' });
    return;
  }
  if (under('/functions/v1')) return handleFunction(req, res, p.slice('/functions/v1/'.length), url, ctx.publicUrl);
  if (under('/.netlify/functions'))
    return handleFunction(req, res, p.slice('/.netlify/functions/'.length), url, ctx.publicUrl);
  return serveStatic(req, res, distDir, p, {
    anonKey: ctx.keys.anonKey,
    firstPaint: (pathname, indexHtml) => firstPaintFor(ctx.db, pathname, indexHtml, url.searchParams),
  });
}

/** Whether a PGlite data directory already holds a database (Postgres writes PG_VERSION on creation). */
function hasPgliteFiles(dataDir: string | undefined): boolean {
  return dataDir !== undefined && existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** A database the gateway has never migrated (no migration history yet) gets seeded. */
async function isFresh(db: Db): Promise<boolean> {
  const rows = await db.query<{ exists: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
  );
  return rows[0]?.exists !== true;
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function describe(options: GatewayOptions, onDisk: boolean, dataDir: string | undefined): string {
  if (options.db) return 'caller-provided database';
  if (options.databaseUrl) return 'PostgreSQL server';
  return onDisk ? `PGlite in ${path.resolve(dataDir ?? '.data')}` : 'PGlite in memory';
}
