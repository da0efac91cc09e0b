// POST /recover: a password-reset mail when the account exists. Always 200, so the answer does
// not reveal which emails have accounts. With MAIL=off no mail can carry the link: refused, with
// the message the app's forgot-password screen shows.
import type { GatewayContext } from '../context.ts';
import { AuthApiError, pkceUnsupported, validationFailed } from './errors.ts';
import { deliverLink, issueLink } from './mail.ts';
import { ok, wantsPkce, type AuthReply, type AuthRequest } from './reply.ts';
import { findUserByEmail, normaliseEmail } from './users.ts';

export async function recover(ctx: GatewayContext, { body, url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url)) throw pkceUnsupported();
  if (ctx.mail.off) throw recoveryUnavailable();
  const email = normaliseEmail(body.email);
  if (!email) throw validationFailed('Unable to validate email address: invalid format');
  ctx.limits.beforeMail('recovery', email);
  const redirectTo = url.searchParams.get('redirect_to');
  const mail = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    return user ? issueLink(ctx, tx, user, 'recovery', redirectTo, requestOrigin) : undefined;
  });
  await deliverLink(ctx, mail);
  return ok({});
}

/** GoTrue's shape for a feature the server has turned off (as its signup_disabled, 422). */
export const recoveryUnavailable = () =>
  new AuthApiError(
    422,
    'recovery_disabled',
    "Password reset isn't available on this server. Ask its operator to reset it.",
  );
