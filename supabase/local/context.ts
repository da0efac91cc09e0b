// What every route handler gets: the database, the signing keys and the gateway's addresses.
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
  readonly log: Log;
}
