// POST /signup and POST /resend. Email confirmation is required: signup answers with the user and
// no session, and "sends" a confirmation mail. A repeated signup of an already confirmed email gets
// a look-alike user with no identities (GoTrue's behaviour with confirmations on), so the answer
// does not reveal which emails have accounts.
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../context.ts';
import { isRecord } from '../http.ts';
import { asPgError } from '../pg-errors.ts';
import { AuthApiError, pkceUnsupported, validationFailed } from './errors.ts';
import { sendLinkMail } from './mail.ts';
import { checkPasswordStrength } from './passwords.ts';
import { ok, stringField, wantsPkce, type AuthReply, type AuthRequest } from './reply.ts';
import { findUserByEmail, insertUser, normaliseEmail, updateUser, userJson } from './users.ts';

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export async function signup(ctx: GatewayContext, { body, url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url)) throw pkceUnsupported();
  if (body.phone !== undefined && body.email === undefined)
    throw new AuthApiError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = normaliseEmail(body.email);
  if (!email) throw validationFailed('Unable to validate email address: invalid format');
  const password = stringField(body, 'password');
  if (!password) throw new AuthApiError(422, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  // Every valid signup counts as a mail to the address, even one that gets the look-alike answer.
  ctx.limits.beforeMail('signup', email);
  const data = isRecord(body.data) ? body.data : {};
  const redirectTo = url.searchParams.get('redirect_to');
  // Hashing is slow; do it before taking the database (PGlite has one connection).
  const passwordHash = await ctx.passwords.hash(password);

  // On a Postgres server two simultaneous signups of one email can both miss the lookup; the
  // loser's insert hits the unique email and is retried, then finds the winner's row.
  const signUp = () =>
    ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) return undefined;
      const row = existing
        ? // Not confirmed yet: the new signup's password and metadata win, and a fresh link is sent.
          await updateUser(tx, existing.id, { encrypted_password: passwordHash, raw_user_meta_data: data })
        : await insertUser(tx, {
            email,
            passwordHash,
            appMetadata: EMAIL_APP_METADATA,
            userMetadata: data,
            confirmed: false,
          });
      await sendLinkMail(ctx, tx, row, 'signup', redirectTo, requestOrigin);
      return (await findUserByEmail(tx, email)) ?? row;
    });
  const user = await retryOnUniqueViolation(signUp);
  return ok(user ? userJson(user) : lookAlikeUser(email, data));
}

export async function resend(ctx: GatewayContext, { body, url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url)) throw pkceUnsupported();
  if (body.type !== 'signup') throw validationFailed('Only type "signup" can be resent by email on the local gateway');
  const email = normaliseEmail(body.email);
  if (!email) throw validationFailed('Unable to validate email address: invalid format');
  ctx.limits.beforeMail('signup', email);
  const redirectTo = url.searchParams.get('redirect_to');
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown or already confirmed: nothing to send, and the answer must not say which.
    if (user && !user.email_confirmed_at) await sendLinkMail(ctx, tx, user, 'signup', redirectTo, requestOrigin);
  });
  return ok({});
}

async function retryOnUniqueViolation<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (asPgError(error)?.code !== '23505') throw error;
    return fn();
  }
}

function lookAlikeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: EMAIL_APP_METADATA,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
