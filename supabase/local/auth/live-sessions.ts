// Whether an access token's session still exists, for every API call (rest.ts, functions), not
// only /auth/v1/user: after sign-out or a password change the old access token is refused at once
// instead of working until it expires. Answers come from memory: a session seen in auth.sessions is
// trusted for LIVE_FOR_MS, and one this process ended (endSessions, after its commit) is refused
// for as long as a token naming it can be valid. A deletion made elsewhere (SQL, another process on
// the same Postgres) is seen within LIVE_FOR_MS.
import type { Claims } from '../jwt.ts';
import type { Queryable } from '../db.ts';

const LIVE_FOR_MS = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Past this many entries, stale ones are dropped. */
const SWEEP_AT = 10_000;

export class LiveSessions {
  /** Session id → when auth.sessions last showed it. */
  private readonly seen = new Map<string, number>();
  /** Session id → when this process ended it. */
  private readonly ended = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    /** How long an access token lives (JWT_EXPIRY), in ms: how long an ended session is remembered. */
    private readonly tokenLifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * False when the claims are a member's (role authenticated, a session_id) and that session no
   * longer exists. Anon and service-role keys, and tokens minted without a session, name none.
   */
  async allows(claims: Claims): Promise<boolean> {
    const { role, sub, session_id: sessionId } = claims;
    if (role !== 'authenticated' || typeof sessionId !== 'string') return true;
    if (typeof sub !== 'string' || !UUID.test(sessionId) || !UUID.test(sub)) return false;
    const now = this.now();
    if (this.ended.has(sessionId)) return false;
    const seenAt = this.seen.get(sessionId);
    if (seenAt !== undefined && now - seenAt < LIVE_FOR_MS) return true;
    const rows = await this.db.query('select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid', [
      sessionId,
      sub,
    ]);
    // Ended while we looked (a sign-out committed meanwhile): the ended mark wins.
    if (rows.length === 0 || this.ended.has(sessionId)) {
      this.seen.delete(sessionId);
      return false;
    }
    this.seen.set(sessionId, now);
    if (this.seen.size > SWEEP_AT) sweep(this.seen, now - LIVE_FOR_MS);
    return true;
  }

  /** Sessions deleted by a committed transaction (sign-out, password change). */
  endedNow(sessionIds: readonly string[]): void {
    const now = this.now();
    for (const id of sessionIds) {
      this.ended.set(id, now);
      this.seen.delete(id);
    }
    if (this.ended.size > SWEEP_AT) sweep(this.ended, now - this.tokenLifetimeMs - LIVE_FOR_MS);
  }
}

function sweep(map: Map<string, number>, before: number): void {
  for (const [key, at] of [...map]) if (at < before) map.delete(key);
}
