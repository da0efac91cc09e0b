// Settings of `npm start` / `npm run dev`, read once from the environment and checked with zod, so a
// bad value stops the start with the setting's name instead of failing somewhere later.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './auth/rate-limit.ts';
import { isPublicServer, type MailSettings } from './exposure.ts';
import { DEFAULT_RETENTION_DAYS } from './retention.ts';

const onOff = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no']))
  .transform((v) => v === 'on' || v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A count of requests; 0 turns that limit off. */
const limit = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);

/** Seconds, as a number or a Go duration like GoTrue's (`60s`, `1m`, `1m30s`). */
const duration = z
  .string()
  .trim()
  .regex(/^(\d+|(\d+h)?(\d+m)?(\d+s)?)$/, 'must be seconds or a duration like 60s or 1m')
  .refine((v) => v !== '', 'must be seconds or a duration like 60s or 1m')
  .transform((v) => {
    if (/^\d+$/.test(v)) return Number(v);
    const part = (unit: string) => Number(new RegExp(`(\\d+)${unit}`).exec(v)?.[1] ?? 0);
    return part('h') * 3600 + part('m') * 60 + part('s');
  });

/** An http(s) address with no user or password, whose text has none of `forbidden`; and what it parsed to. */
function plainHttpUrl(v: string, forbidden: RegExp): URL | undefined {
  try {
    const url = new URL(v);
    const plain =
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === '' &&
      !forbidden.test(v);
    return plain ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PUBLIC_URL: where browsers reach the server, an origin only (http(s), no path, query or
 * fragment), since the app, the API and mail links all hang off it. A trailing `/` is fine.
 */
const origin = optionalText.pipe(
  z
    .string()
    .refine(
      (v) => plainHttpUrl(v, /[?#]/)?.pathname === '/',
      'must be an http(s) address with no path, query or fragment, like https://checkpoint.example or http://192.168.1.20:5173',
    )
    .transform((v) => new URL(v).origin)
    .optional(),
);

/**
 * REDIRECT_URLS: comma-separated http(s) addresses a client's redirect_to may name, besides
 * SITE_URL and PUBLIC_URL (GoTrue's URI allow list, without wildcards): an origin allows all of
 * it, an origin with a path allows that path and below it.
 */
const redirectUrls = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine(
          (v) => plainHttpUrl(v, /[?#*]/) !== undefined,
          'must be http(s) addresses separated by commas, with no query, fragment or wildcard, like http://localhost:5174,https://checkpoint.example/app',
        )
        .transform((v) => new URL(v).href),
    ),
  );

const ENV_SCHEMA = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  CATALOGUE_FILE: optionalText,
  IGDB_CLIENT_ID: optionalText,
  IGDB_CLIENT_SECRET: optionalText,
  DEMO: onOff.optional(),
  DEV_MAILBOX: onOff.optional(),
  MAIL: optionalText.pipe(z.enum(['off'], 'must be off, or unset to send mail').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address, like smtp://user:pass@host:587' })
      .optional(),
  ),
  SMTP_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'must be an address, like checkpoint@example.com or Checkpoint <checkpoint@example.com>',
      )
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRY: z.coerce.number().int().min(30).max(604_800).default(3600),
  PUBLIC_URL: origin,
  TRUST_PROXY: onOff.default(false),
  SITE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  REDIRECT_URLS: redirectUrls,
  RATE_LIMIT_SIGN_IN_SIGN_UPS: limit(DEFAULT_RATE_LIMITS.signInSignUps),
  RATE_LIMIT_TOKEN_REFRESH: limit(DEFAULT_RATE_LIMITS.tokenRefresh),
  RATE_LIMIT_VERIFY: limit(DEFAULT_RATE_LIMITS.verify),
  RATE_LIMIT_OTP: limit(DEFAULT_RATE_LIMITS.otp),
  RATE_LIMIT_EMAIL_SENT: limit(DEFAULT_RATE_LIMITS.emailSent),
  RATE_LIMIT_SIGN_IN_FAILURES: limit(DEFAULT_RATE_LIMITS.signInFailures),
  RATE_LIMIT_RPC_PER_MEMBER: limit(DEFAULT_RATE_LIMITS.rpcPerMember),
  RATE_LIMIT_RPC_PER_IP: limit(DEFAULT_RATE_LIMITS.rpcPerIp),
  SMTP_MAX_FREQUENCY: duration
    .pipe(z.number().max(86_400, 'must be at most a day'))
    .default(DEFAULT_RATE_LIMITS.emailMaxFrequency),
  RATE_LIMIT_HEADER: optionalText,
  SYNC_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RETENTION_DAYS),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Holds the PGlite data (unless databaseUrl is set), the JWT secret and the lock file. */
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly catalogueFile?: string;
  readonly igdbClientId?: string;
  readonly igdbClientSecret?: string;
  /** Seed demo members into a fresh database: DEMO, else only where the dev mailbox is on. */
  readonly demo: boolean;
  /** Others can reach the server: a non-loopback HOST, or PUBLIC_URL set (exposure.ts). */
  readonly publicServer: boolean;
  /**
   * /_dev/mailbox and the development OAuth stub: DEV_MAILBOX, else on for `npm run dev` and for a
   * server that is not public.
   */
  readonly devMailbox: boolean;
  /** Where sign-up and password-reset mail goes (SMTP_URL + SMTP_FROM, MAIL=off, or the dev mailbox). */
  readonly mail: MailSettings;
  /** Unset: a secret generated once and kept in dataDir/jwt-secret (see secret.ts). */
  readonly jwtSecret?: string;
  readonly jwtExpiry: number;
  /**
   * Where browsers reach the server (PUBLIC_URL): mail links, the token issuer, allowed redirects.
   * Default http://localhost:PORT; unset only with PORT=0 (then the gateway's own address).
   */
  readonly publicUrl?: string;
  /** Where the app lives for mail links (SITE_URL), when not at publicUrl. */
  readonly siteUrl?: string;
  /** More addresses redirect_to may name (REDIRECT_URLS): origins, or origins with a path prefix. */
  readonly redirectUrls: readonly string[];
  /** Believe a reverse proxy's X-Forwarded-Proto and X-Forwarded-Host (TRUST_PROXY). */
  readonly trustProxy: boolean;
  /** GoTrue's limits on the auth endpoints (auth/rate-limit.ts). */
  readonly rateLimits: RateLimits;
  /** Days the sync change log keeps; older changes are pruned hourly (retention.ts). */
  readonly syncRetentionDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadOptions {
  /** `npm run dev`: the dev mailbox and demo default to on whatever HOST and PUBLIC_URL say. */
  readonly development?: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, options: LoadOptions = {}): Config {
  // Empty strings count as unset, as in a .env file with `PORT=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ENV_SCHEMA.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid setting${problems.length > 1 ? 's' : ''}:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const publicServer = isPublicServer(e.HOST, e.PUBLIC_URL !== undefined);
  const devMailbox = e.DEV_MAILBOX ?? (options.development === true || !publicServer);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    catalogueFile: e.CATALOGUE_FILE,
    igdbClientId: e.IGDB_CLIENT_ID,
    igdbClientSecret: e.IGDB_CLIENT_SECRET,
    demo: e.DEMO ?? devMailbox,
    publicServer,
    devMailbox,
    mail: mailSettings(e, publicServer, devMailbox),
    jwtSecret: e.JWT_SECRET,
    jwtExpiry: e.JWT_EXPIRY,
    publicUrl: e.PUBLIC_URL ?? (e.PORT === 0 ? undefined : `http://localhost:${e.PORT}`),
    siteUrl: e.SITE_URL?.replace(/\/+$/, ''),
    redirectUrls: e.REDIRECT_URLS,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      signInSignUps: e.RATE_LIMIT_SIGN_IN_SIGN_UPS,
      tokenRefresh: e.RATE_LIMIT_TOKEN_REFRESH,
      verify: e.RATE_LIMIT_VERIFY,
      otp: e.RATE_LIMIT_OTP,
      emailSent: e.RATE_LIMIT_EMAIL_SENT,
      emailMaxFrequency: e.SMTP_MAX_FREQUENCY,
      signInFailures: e.RATE_LIMIT_SIGN_IN_FAILURES,
      rpcPerMember: e.RATE_LIMIT_RPC_PER_MEMBER,
      rpcPerIp: e.RATE_LIMIT_RPC_PER_IP,
      ...(e.RATE_LIMIT_HEADER ? { header: e.RATE_LIMIT_HEADER } : {}),
    },
    syncRetentionDays: e.SYNC_RETENTION_DAYS,
  };
}

function mailSettings(
  e: { MAIL?: 'off'; SMTP_URL?: string; SMTP_FROM?: string; HOST: string; PUBLIC_URL?: string },
  publicServer: boolean,
  devMailbox: boolean,
): MailSettings {
  if (e.MAIL === 'off' && e.SMTP_URL)
    throw new ConfigError('MAIL=off and SMTP_URL are both set: unset one (MAIL=off sends no mail at all).');
  if (e.MAIL === 'off') return { kind: 'off' };
  if (e.SMTP_URL) {
    if (!e.SMTP_FROM)
      throw new ConfigError(
        'SMTP_URL is set but SMTP_FROM is not: set the sender, like SMTP_FROM="Checkpoint <checkpoint@example.com>".',
      );
    return { kind: 'smtp', url: e.SMTP_URL, from: e.SMTP_FROM };
  }
  if (devMailbox) return { kind: 'mailbox' };
  const why = publicServer
    ? `This server is public (${e.PUBLIC_URL ? `PUBLIC_URL=${e.PUBLIC_URL}` : `HOST=${e.HOST}`}), so sign-up and password-reset links cannot go to the development mailbox.`
    : 'DEV_MAILBOX=off leaves sign-up and password-reset mail nowhere to go.';
  throw new ConfigError(
    `${why}\n  Set SMTP_URL (like smtps://user:pass@smtp.example.com:465) and SMTP_FROM to send it,\n  or MAIL=off to run without mail: sign-up then needs no email confirmation and password reset is unavailable.`,
  );
}

/** Reads `.env` (see .env.example) into process.env; variables already set win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
