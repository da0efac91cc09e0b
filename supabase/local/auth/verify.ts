// POST /verify (auth-js verifyOtp with a token_hash) answers with a session; GET /verify (a link
// opened in the browser) redirects to redirect_to with the session, or the error, in the hash.
import type { GatewayContext } from '../context.ts';
import { AuthApiError, otpExpired, otpInvalid, validationFailed } from './errors.ts';
import { isVerifyType, redeemToken, wasIssuedHere } from './mail.ts';
import { ok, stringField, type AuthReply, type AuthRequest } from './reply.ts';
import { redirectTarget, withFragment } from './redirect.ts';
import { sessionFragment, startSession, type AmrMethod, type SessionJson } from './sessions.ts';
import { findUserById, updateUser } from './users.ts';

const AMR: Record<string, AmrMethod> = {
  signup: 'email/signup',
  invite: 'email/signup',
  email: 'otp',
  recovery: 'recovery',
  magiclink: 'magiclink',
};

export async function verifyPost(ctx: GatewayContext, { body }: AuthRequest): Promise<AuthReply> {
  const type = body.type;
  if (!isVerifyType(type))
    throw validationFailed(`Verify requires a verification type (signup, email, recovery, magiclink)`);
  const tokenHash = stringField(body, 'token_hash');
  // This gateway never mails 6-digit codes, so a code can only be wrong.
  if (!tokenHash) {
    if (stringField(body, 'token')) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
    throw validationFailed('Verify requires either a token_hash or an email and token');
  }
  return ok(await redeem(ctx, tokenHash, type));
}

export async function verifyGet(ctx: GatewayContext, { url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  const type = url.searchParams.get('type') ?? 'signup';
  const tokenHash = url.searchParams.get('token') ?? url.searchParams.get('token_hash') ?? '';
  const target = redirectTarget(ctx, url.searchParams.get('redirect_to'), requestOrigin);
  try {
    if (!isVerifyType(type) || tokenHash === '') throw otpExpired();
    const session = await redeem(ctx, tokenHash, type);
    return { redirect: withFragment(target, sessionFragment(session, type)), status: 303 };
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    const fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: error.code,
      error_description: error.message,
    });
    return { redirect: withFragment(target, fragment.toString()), status: 303 };
  }
}

async function redeem(ctx: GatewayContext, tokenHash: string, type: string): Promise<SessionJson> {
  if (!wasIssuedHere(tokenHash)) throw otpInvalid();
  return ctx.db.transaction(async (tx) => {
    const redeemed = await redeemToken(tx, tokenHash, type);
    if (!redeemed) throw otpExpired();
    let user = await findUserById(tx, redeemed.userId);
    if (!user) throw otpExpired();
    // Following either link proves the mailbox is the user's, so it also confirms the email.
    if (!user.email_confirmed_at) user = await updateUser(tx, user.id, { email_confirmed_at: new Date() });
    const method = redeemed.tokenType === 'recovery_token' && type === 'email' ? 'recovery' : (AMR[type] ?? 'otp');
    return startSession(ctx, tx, user, method);
  });
}
