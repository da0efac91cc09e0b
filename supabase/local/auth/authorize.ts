// GET /authorize?provider=…: development OAuth. No provider is contacted: the gateway signs in (and
// creates on first use) a confirmed dev account `<provider>-dev@checkpoint.local` and redirects to
// redirect_to with the session in the hash, as GoTrue's implicit flow does after a provider callback.
// Anyone who reaches it is signed in without a password, so it runs only where the dev mailbox does
// (ctx.devMailbox, exposure.ts), for the app's three providers, counted against the per-IP sign-in
// limit (routes.ts); anywhere else every provider is refused as GoTrue refuses one not enabled.
import { OAUTH_PROVIDERS } from '../../../src/core/oauth-providers.ts';
import type { GatewayContext } from '../context.ts';
import { pkceUnsupported, validationFailed } from './errors.ts';
import { type AuthReply, type AuthRequest } from './reply.ts';
import { redirectTarget, withFragment } from './redirect.ts';
import { sessionFragment, startSession } from './sessions.ts';
import { findUserByEmail, insertUser } from './users.ts';

/** The providers GET /authorize signs in with, and /settings reports enabled. */
export function enabledProviders(ctx: GatewayContext): readonly string[] {
  return ctx.devMailbox ? OAUTH_PROVIDERS : [];
}

export async function authorize(ctx: GatewayContext, { url, requestOrigin }: AuthRequest): Promise<AuthReply> {
  if (url.searchParams.has('code_challenge')) throw pkceUnsupported();
  const provider = url.searchParams.get('provider') ?? '';
  if (!enabledProviders(ctx).includes(provider))
    throw validationFailed('Unsupported provider: provider is not enabled');
  const email = `${provider}-dev@checkpoint.local`;
  const session = await ctx.db.transaction(async (tx) => {
    const user =
      (await findUserByEmail(tx, email)) ??
      (await insertUser(tx, {
        email,
        passwordHash: null,
        appMetadata: { provider, providers: [provider] },
        userMetadata: { name: `${provider} dev`, full_name: `${provider} dev`, email, email_verified: true },
        confirmed: true,
      }));
    return startSession(ctx, tx, user, 'oauth');
  });
  const target = redirectTarget(ctx, url.searchParams.get('redirect_to'), requestOrigin);
  return { redirect: withFragment(target, sessionFragment(session)), status: 302 };
}
