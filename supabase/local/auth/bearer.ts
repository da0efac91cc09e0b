// The signed-in caller of /user and /logout, as GoTrue checks it: a valid access token whose
// session still exists and whose user still exists.
import type { IncomingMessage } from 'node:http';
import type { Queryable } from '../db.ts';
import type { GatewayContext } from '../context.ts';
import { header } from '../http.ts';
import { AuthApiError } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Caller {
  readonly user: UserRow;
  readonly sessionId: string;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '');
  return match?.[1];
}

/**
 * A member's access token in Authorization whose session has ended (signed out): every API refuses
 * it, not only /user. A token that does not verify is left to the endpoint's own rules.
 */
export async function endedSessionToken(ctx: GatewayContext, req: IncomingMessage): Promise<boolean> {
  const token = bearerToken(req);
  if (!token) return false;
  const verified = await ctx.keys.verify(token);
  return verified.ok && !(await ctx.liveSessions.allows(verified.claims));
}

export async function requireCaller(ctx: GatewayContext, q: Queryable, req: IncomingMessage): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await ctx.keys.verify(token);
  if (!verified.ok) {
    const why =
      verified.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'unable to parse or verify signature';
    throw new AuthApiError(403, 'bad_jwt', `invalid JWT: ${why}`);
  }
  const { sub, session_id: sessionId } = verified.claims;
  if (typeof sub !== 'string' || !UUID.test(sub))
    throw new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (typeof sessionId !== 'string' || !UUID.test(sessionId))
    throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  const session = await q.query('select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid', [
    sessionId,
    sub,
  ]);
  if (session.length === 0)
    throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  const user = await findUserById(q, sub);
  if (!user) throw new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { user, sessionId };
}
