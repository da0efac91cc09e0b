// GET /user, PUT /user and POST /logout: what a signed-in caller does with their own account.
import type { IncomingMessage } from 'node:http';
import type { GatewayContext } from '../context.ts';
import { isRecord } from '../http.ts';
import { requireCaller } from './bearer.ts';
import { AuthApiError, pkceUnsupported, validationFailed } from './errors.ts';
import { checkPasswordStrength } from './passwords.ts';
import { ok, wantsPkce, type AuthReply, type AuthRequest } from './reply.ts';
import { endSessions, type LogoutScope } from './sessions.ts';
import { findUserByEmail, normaliseEmail, updateUser, userJson, type UserRow } from './users.ts';

/** A recovery link's session may set a new password without the old one for this long. */
const RECOVERY_GRACE_SECONDS = 24 * 3600;

export async function getUser(ctx: GatewayContext, { req }: AuthRequest): Promise<AuthReply> {
  const { user } = await requireCaller(ctx, ctx.db, req);
  return ok(userJson(user));
}

/**
 * Changes the caller's metadata (`data`, merged key by key; a null value removes a key), password
 * (other sessions are signed out, as GoTrue does) or email. Simplification: a new email applies at
 * once, without GoTrue's email-change confirmation mails.
 *
 * A new password needs `current_password` (GoTrue's "secure password change" with
 * UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD), so a stolen access token or an unlocked device cannot
 * take the account over. Exempt: a session started by a recovery link in the last 24 hours (the
 * reset page's member has forgotten the old password: the link proved the mailbox instead), and an
 * account with no password yet (OAuth only). A wrong one counts as a failed sign-in (rate-limit.ts).
 */
export async function putUser(ctx: GatewayContext, { req, body, url }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url) && body.email !== undefined) throw pkceUnsupported();
  const { user, sessionId } = await requireCaller(ctx, ctx.db, req);
  const { passwords } = ctx;
  const changes: Record<string, unknown> = {};

  if (body.data !== undefined) {
    if (!isRecord(body.data)) throw validationFailed('data must be an object');
    const merged: Record<string, unknown> = { ...user.raw_user_meta_data };
    for (const [key, value] of Object.entries(body.data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    changes.raw_user_meta_data = merged;
  }

  let newPassword = false;
  if (body.password !== undefined) {
    if (typeof body.password !== 'string') throw validationFailed('password must be a string');
    checkPasswordStrength(body.password);
    await checkCurrentPassword(ctx, req, user, sessionId, body.current_password);
    if (await passwords.matches(body.password, user.encrypted_password)) {
      throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
    }
    changes.encrypted_password = await passwords.hash(body.password);
    newPassword = true;
  }

  if (body.email !== undefined) {
    const email = normaliseEmail(body.email);
    if (!email) throw validationFailed('Unable to validate email address: invalid format');
    if (email !== user.email) changes.email = email;
  }

  let ended: string[] = [];
  const updated = await ctx.db.transaction(async (tx) => {
    if (typeof changes.email === 'string' && (await findUserByEmail(tx, changes.email))) {
      throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    if (newPassword) ended = await endSessions(tx, user.id, sessionId, 'others');
    return Object.keys(changes).length > 0 ? updateUser(tx, user.id, changes) : user;
  });
  ctx.liveSessions.endedNow(ended);
  return ok(userJson(updated));
}

async function checkCurrentPassword(
  ctx: GatewayContext,
  req: IncomingMessage,
  user: UserRow,
  sessionId: string,
  given: unknown,
): Promise<void> {
  if (user.encrypted_password === null || (await recoveredRecently(ctx, sessionId))) return;
  if (typeof given !== 'string' || given === '') {
    throw new AuthApiError(400, 'current_password_required', 'Current password required when setting new password.');
  }
  const email = user.email ?? user.id;
  const ip = ctx.limits.clientIp(req);
  ctx.limits.checkSignInFailures(email, ip);
  if (!(await ctx.passwords.matches(given, user.encrypted_password))) {
    ctx.limits.signInFailed(email, ip);
    throw new AuthApiError(400, 'current_password_mismatch', 'Current password does not match.');
  }
  ctx.limits.signInSucceeded(email, ip);
}

/** The session was started by a recovery link within RECOVERY_GRACE_SECONDS (its amr says so). */
async function recoveredRecently(ctx: GatewayContext, sessionId: string): Promise<boolean> {
  const rows = await ctx.db.query<{ amr: { method?: unknown; timestamp?: unknown }[] | null }>(
    'select amr from auth.sessions where id = $1::uuid',
    [sessionId],
  );
  const since = Date.now() / 1000 - RECOVERY_GRACE_SECONDS;
  return (rows[0]?.amr ?? []).some(
    (entry) => entry.method === 'recovery' && typeof entry.timestamp === 'number' && entry.timestamp >= since,
  );
}

function isScope(scope: string): scope is LogoutScope {
  return scope === 'global' || scope === 'local' || scope === 'others';
}

export async function logout(ctx: GatewayContext, { req, url }: AuthRequest): Promise<AuthReply> {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!isScope(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  const ended = await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireCaller(ctx, tx, req);
    return endSessions(tx, user.id, sessionId, scope);
  });
  ctx.liveSessions.endedNow(ended);
  return { status: 204 };
}
