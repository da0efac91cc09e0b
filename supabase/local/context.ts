// What every route handler gets: the database, the signing keys, the gateway's addresses and its
// rate limits.
import type { LiveSessions } from './auth/live-sessions.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { RateLimiter } from './auth/rate-limit.ts';
import type { SmtpSender } from './auth/smtp.ts';
import type { Db } from './db.ts';
import type { JwtKeys } from './jwt.ts';

export type Log = (message: string) => void;

export interface GatewayContext {
  readonly db: Db;
  readonly keys: JwtKeys;
  /**
   * The gateway's public address (PUBLIC_URL), e.g. http://localhost:5173 or https://checkpoint.lan:
   * the token issuer (`<publicUrl>/auth/v1`), an allowed redirect origin. The app it serves calls
   * its page's own origin instead (src/data/backend-settings.ts).
   */
  readonly publicUrl: string;
  /** Where the app lives (SITE_URL, default publicUrl); mail links and default redirects point here. */
  readonly siteUrl: string;
  /** More addresses redirect_to may name (REDIRECT_URLS): origins, or origins and path prefixes (auth/redirect.ts). */
  readonly redirectUrls: readonly string[];
  /** Believe a reverse proxy's X-Forwarded-Proto and X-Forwarded-Host (TRUST_PROXY; origin.ts). */
  readonly trustProxy: boolean;
  /** Lifetime of access tokens, in seconds. */
  readonly jwtExpiry: number;
  /** GoTrue's rate limits on the auth endpoints (auth/rate-limit.ts). */
  readonly limits: RateLimiter;
  /** How mail leaves (auth/mail.ts): `smtp` sends it; `off` (MAIL=off) means none is issued. */
  readonly mail: { readonly off: boolean; readonly smtp?: SmtpSender };
  /** /_dev/mailbox* and the development OAuth stub are on (exposure.ts). */
  readonly devMailbox: boolean;
  /** bcrypt off the HTTP thread, in worker threads (auth/passwords.ts). */
  readonly passwords: PasswordHasher;
  /** Whether an access token's session still exists, answered from memory (auth/live-sessions.ts). */
  readonly liveSessions: LiveSessions;
  readonly log: Log;
}
