// POST /token: the password and refresh_token grants.
import type { GatewayContext } from '../context.ts';
import { AuthApiError, invalidCredentials, validationFailed } from './errors.ts';
import { ok, stringField, type AuthReply, type AuthRequest } from './reply.ts';
import { refreshSession, startSession } from './sessions.ts';
import { findUserByEmail, normaliseEmail } from './users.ts';

export function token(ctx: GatewayContext, request: AuthRequest): Promise<AuthReply> {
  const grant = request.url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(ctx, request);
  if (grant === 'refresh_token') return refreshGrant(ctx, request);
  if (grant === 'pkce') throw validationFailed('The local gateway supports only the implicit flow');
  throw validationFailed(`unsupported_grant_type: ${grant ?? '(none)'}`);
}

async function passwordGrant(ctx: GatewayContext, { req, body }: AuthRequest): Promise<AuthReply> {
  const password = stringField(body, 'password') ?? '';
  if (body.phone !== undefined && body.email === undefined)
    throw new AuthApiError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = normaliseEmail(body.email);
  const ip = ctx.limits.clientIp(req);
  // Repeated guesses at one address from one network wait longer each time, refused before the
  // password is even compared; the owner signing in from another network is not held up.
  if (email) ctx.limits.checkSignInFailures(email, ip);
  const user = email ? await findUserByEmail(ctx.db, email) : undefined;
  // Always compare (against a dummy hash when there is no user): same work, same answer.
  const matches = await ctx.passwords.matches(password, user?.encrypted_password ?? null);
  if (!user || !matches) {
    if (email) ctx.limits.signInFailed(email, ip);
    throw invalidCredentials();
  }
  if (email) ctx.limits.signInSucceeded(email, ip);
  if (!user.email_confirmed_at) throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed');
  return ok(await ctx.db.transaction((tx) => startSession(ctx, tx, user, 'password')));
}

async function refreshGrant(ctx: GatewayContext, { body }: AuthRequest): Promise<AuthReply> {
  const refreshToken = stringField(body, 'refresh_token');
  if (!refreshToken) throw validationFailed('refresh_token required');
  const result = await ctx.db.transaction((tx) => refreshSession(ctx, tx, refreshToken));
  if (result instanceof AuthApiError) throw result;
  return ok(result);
}
