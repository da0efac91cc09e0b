// POST /recover: a password-reset mail when the account exists. Always 200, so the answer does
// not reveal which emails have accounts.
import type { GatewayContext } from '../context.ts';
import { pkceUnsupported, validationFailed } from './errors.ts';
import { sendLinkMail } from './mail.ts';
import { ok, wantsPkce, type AuthReply, type AuthRequest } from './reply.ts';
import { findUserByEmail, normaliseEmail } from './users.ts';

export async function recover(ctx: GatewayContext, { body, url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  if (wantsPkce(body, url)) throw pkceUnsupported();
  const email = normaliseEmail(body.email);
  if (!email) throw validationFailed('Unable to validate email address: invalid format');
  ctx.limits.beforeMail('recovery', email);
  const redirectTo = url.searchParams.get('redirect_to');
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendLinkMail(ctx, tx, user, 'recovery', redirectTo, requestOrigin);
  });
  return ok({});
}
