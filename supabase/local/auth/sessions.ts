// Sessions as GoTrue keeps them: a row in auth.sessions per sign-in, a chain of single-use refresh
// tokens in auth.refresh_tokens, and short-lived access tokens (JWTs) naming the session.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db.ts';
import type { GatewayContext } from '../context.ts';
import { AuthApiError } from './errors.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

/** How the session was started, as GoTrue names it in the `amr` claim. */
export type AmrMethod = 'password' | 'otp' | 'email/signup' | 'recovery' | 'magiclink' | 'oauth';

interface Amr {
  method: string;
  timestamp: number;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const newRefreshToken = () => randomBytes(18).toString('base64url');

export async function startSession(
  ctx: GatewayContext,
  tx: Queryable,
  user: UserRow,
  method: AmrMethod,
): Promise<SessionJson> {
  const amr: Amr[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const session = await tx.query<{ id: string }>(
    'insert into auth.sessions (user_id, amr) values ($1::uuid, $2::jsonb) returning id',
    [user.id, JSON.stringify(amr)],
  );
  const sessionId = session[0]?.id;
  if (!sessionId) throw new Error('auth.sessions: insert returned no row');
  const refreshToken = newRefreshToken();
  await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2::uuid, $3::uuid)', [
    refreshToken,
    user.id,
    sessionId,
  ]);
  const signedIn =
    (
      await tx.query<UserRow>('update auth.users set last_sign_in_at = now() where id = $1::uuid returning *', [
        user.id,
      ])
    )[0] ?? user;
  return sessionJson(ctx, signedIn, sessionId, amr, refreshToken);
}

/**
 * The refresh_token grant: the presented token is revoked and a new one issued in the same session.
 * A token presented twice is refresh-token reuse, a sign of theft: as GoTrue does, every token of
 * that session is revoked and the request fails.
 */
export async function refreshSession(
  ctx: GatewayContext,
  tx: Queryable,
  token: string,
): Promise<SessionJson | AuthApiError> {
  const rows = await tx.query<{ id: number; user_id: string; session_id: string; revoked: boolean; amr: Amr[] }>(
    `select rt.id, rt.user_id, rt.session_id, rt.revoked, s.amr
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = $1 for update of rt`,
    [token],
  );
  const current = rows[0];
  if (!current)
    throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (current.revoked) {
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid', [
      current.session_id,
    ]);
    // Returned, not thrown: the revocation above must commit.
    return new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const user = await findUserById(tx, current.user_id);
  if (!user) throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id]);
  const next = newRefreshToken();
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)',
    [next, user.id, current.session_id, token],
  );
  await tx.query('update auth.sessions set updated_at = now() where id = $1::uuid', [current.session_id]);
  return sessionJson(ctx, user, current.session_id, current.amr, next);
}

export type LogoutScope = 'global' | 'local' | 'others';

/**
 * Deletes sessions (and so their refresh tokens, on delete cascade). Returns their ids: once the
 * transaction commits, the caller tells ctx.liveSessions, so their access tokens stop working at once.
 */
export async function endSessions(
  tx: Queryable,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
): Promise<string[]> {
  const rows =
    scope === 'global'
      ? await tx.query<{ id: string }>('delete from auth.sessions where user_id = $1::uuid returning id', [userId])
      : scope === 'local'
        ? await tx.query<{ id: string }>('delete from auth.sessions where id = $1::uuid returning id', [sessionId])
        : await tx.query<{ id: string }>(
            'delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid returning id',
            [userId, sessionId],
          );
  return rows.map((row) => row.id);
}

async function sessionJson(
  ctx: GatewayContext,
  user: UserRow,
  sessionId: string,
  amr: Amr[],
  refreshToken: string,
): Promise<SessionJson> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.jwtExpiry;
  const accessToken = await ctx.keys.sign({
    aud: 'authenticated',
    exp,
    iat,
    iss: `${ctx.publicUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** The hash fragment GoTrue appends to a redirect after a link or OAuth sign-in. */
export function sessionFragment(session: SessionJson, type?: string): string {
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  });
  if (type) params.set('type', type);
  return params.toString();
}
