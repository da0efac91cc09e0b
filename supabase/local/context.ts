// What every route handler gets: the database, the signing keys, the gateway's addresses and its
// rate limits.
import type { RateLimiter } from './auth/rate-limit.ts';
import type { Db } from './db.ts';
import type { JwtKeys } from './jwt.ts';

export type Log = (message: string) => void;

export interface GatewayContext {
  readonly db: Db;
  readonly keys: JwtKeys;
  /** Where clients reach the Supabase API (`supabaseUrl`), e.g. http://localhost:5173. */
  readonly publicUrl: string;
  /** Where the app lives; mail links and default redirects point here. */
  readonly siteUrl: string;
  /** Lifetime of access tokens, in seconds. */
  readonly jwtExpiry: number;
  /** GoTrue's rate limits on the auth endpoints (auth/rate-limit.ts). */
  readonly limits: RateLimiter;
  readonly log: Log;
}
