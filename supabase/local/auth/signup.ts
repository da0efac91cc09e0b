// POST /signup and POST /resend. Email confirmation is required: signup answers with the user and
// no session, and sends a confirmation mail. A repeated signup of an already confirmed email gets
// a look-alike user with no identities (GoTrue's behaviour with confirmations on), so the answer
// does not reveal which emails have accounts. With MAIL=off there is no mail to confirm with, so,
// as GoTrue with mailer_autoconfirm, signup confirms at once and answers with a session, and a
// repeated signup of an existing account is refused ('User already registered').
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { isRecord } from '../http.ts';
import { asPgError } from '../pg-errors.ts';
import { AuthApiError, pkceUnsupported, validationFailed } from './errors.ts';
import { deliverLink, issueLink } from './mail.ts';
import { checkPasswordStrength } from './passwords.ts';
import { ok, stringField, wantsPkce, type AuthReply, type AuthRequest } from './reply.ts';
import { startSession } from './sessions.ts';
import { findUserByEmail, insertUser, normaliseEmail, updateUser, userJson, type UserRow } from './users.ts';

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
  if (ctx.mail.off) return ok(await signUpConfirmed(ctx, email, passwordHash, data));

  // On a Postgres server two simultaneous signups of one email can both miss the lookup; the
  // loser's insert hits the unique email and is retried, then finds the winner's row.
  const signUp = () =>
    ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) return undefined;
      // Not confirmed yet: the new signup's password and metadata win, and a fresh link is sent.
      const row = await unconfirmedSignUp(tx, existing, email, passwordHash, data, false);
      const mail = await issueLink(ctx, tx, row, 'signup', redirectTo, requestOrigin);
      return { user: (await findUserByEmail(tx, email)) ?? row, mail };
    });
  const done = await retryOnUniqueViolation(signUp);
  await deliverLink(ctx, done?.mail);
  return ok(done ? userJson(done.user) : lookAlikeUser(email, data));
}

/**
 * A signup of an email with no confirmed account: the unconfirmed account it has takes the new
 * password and metadata, or a new account is made (`confirmed` at once when mail is off).
 */
async function unconfirmedSignUp(
  tx: Queryable,
  existing: UserRow | undefined,
  email: string,
  passwordHash: string,
  data: Record<string, unknown>,
  confirmed: boolean,
): Promise<UserRow> {
  return existing
    ? updateUser(tx, existing.id, { encrypted_password: passwordHash, raw_user_meta_data: data })
    : insertUser(tx, { email, passwordHash, appMetadata: EMAIL_APP_METADATA, userMetadata: data, confirmed });
}

/** MAIL=off: the account is confirmed at once and signed in (GoTrue's mailer_autoconfirm). */
function signUpConfirmed(
  ctx: GatewayContext,
  email: string,
  passwordHash: string,
  data: Record<string, unknown>,
): Promise<unknown> {
  return retryOnUniqueViolation(() =>
    ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) throw new AuthApiError(422, 'user_already_exists', 'User already registered');
      // Left unconfirmed before mail was turned off: nothing can confirm it now but this.
      const row = await unconfirmedSignUp(tx, existing, email, passwordHash, data, true);
      await tx.query(
        'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1::uuid',
        [row.id],
      );
      return startSession(ctx, tx, (await findUserByEmail(tx, email)) ?? row, 'password');
    }),
  );
}

export async function resend(ctx: GatewayContext, { body, url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url)) throw pkceUnsupported();
  if (body.type !== 'signup') throw validationFailed('Only type "signup" can be resent by email on the local gateway');
  const email = normaliseEmail(body.email);
  if (!email) throw validationFailed('Unable to validate email address: invalid format');
  ctx.limits.beforeMail('signup', email);
  const redirectTo = url.searchParams.get('redirect_to');
  const mail = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown or already confirmed: nothing to send, and the answer must not say which.
    return user && !user.email_confirmed_at ? issueLink(ctx, tx, user, 'signup', redirectTo, requestOrigin) : undefined;
  });
  await deliverLink(ctx, mail);
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
