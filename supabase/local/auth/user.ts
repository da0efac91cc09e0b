// GET /user, PUT /user and POST /logout: what a signed-in caller does with their own account.
import type { GatewayContext } from '../context.ts';
import { isRecord } from '../http.ts';
import { requireCaller } from './bearer.ts';
import { AuthApiError, pkceUnsupported, validationFailed } from './errors.ts';
import { checkPasswordStrength, hashPassword, passwordMatches } from './passwords.ts';
import { ok, wantsPkce, type AuthReply, type AuthRequest } from './reply.ts';
import { endSessions, type LogoutScope } from './sessions.ts';
import { findUserByEmail, normaliseEmail, updateUser, userJson } from './users.ts';

export async function getUser(ctx: GatewayContext, { req }: AuthRequest): Promise<AuthReply> {
  const { user } = await requireCaller(ctx, ctx.db, req);
  return ok(userJson(user));
}

/**
 * Changes the caller's metadata (`data`, merged key by key; a null value removes a key), password
 * (other sessions are signed out, as GoTrue does) or email. Simplification: a new email applies at
 * once, without GoTrue's email-change confirmation mails.
 */
export async function putUser(ctx: GatewayContext, { req, body, url }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url) && body.email !== undefined) throw pkceUnsupported();
  const { user, sessionId } = await requireCaller(ctx, ctx.db, req);
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
    if (await passwordMatches(body.password, user.encrypted_password)) {
      throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
    }
    changes.encrypted_password = await hashPassword(body.password);
    newPassword = true;
  }

  if (body.email !== undefined) {
    const email = normaliseEmail(body.email);
    if (!email) throw validationFailed('Unable to validate email address: invalid format');
    if (email !== user.email) changes.email = email;
  }

  const updated = await ctx.db.transaction(async (tx) => {
    if (typeof changes.email === 'string' && (await findUserByEmail(tx, changes.email))) {
      throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    if (newPassword) await endSessions(tx, user.id, sessionId, 'others');
    return Object.keys(changes).length > 0 ? updateUser(tx, user.id, changes) : user;
  });
  return ok(userJson(updated));
}

function isScope(scope: string): scope is LogoutScope {
  return scope === 'global' || scope === 'local' || scope === 'others';
}

export async function logout(ctx: GatewayContext, { req, url }: AuthRequest): Promise<AuthReply> {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!isScope(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireCaller(ctx, tx, req);
    await endSessions(tx, user.id, sessionId, scope);
  });
  return { status: 204 };
}
