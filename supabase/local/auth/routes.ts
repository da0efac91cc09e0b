// /auth/v1/*: the GoTrue endpoints auth-js calls, answering in GoTrue's wire format.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAUTH_PROVIDERS } from '../../../src/core/oauth-providers.ts';
import type { GatewayContext } from '../context.ts';
import { BodyTooLargeError, isRecord, parseJson, readBody, redirect, sendJson, send } from '../http.ts';
import { authorize, enabledProviders } from './authorize.ts';
import { API_VERSION_HEADER, AuthApiError, requestedApiVersion, sendAuthError } from './errors.ts';
import type { IpLimit } from './rate-limit.ts';
import { recover } from './recover.ts';
import { trustedRequestOrigin } from '../origin.ts';
import type { AuthReply, AuthRequest } from './reply.ts';
import { resend, signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, logout, putUser } from './user.ts';
import { verifyGet, verifyPost } from './verify.ts';

type Handler = (ctx: GatewayContext, request: AuthRequest) => Promise<AuthReply>;

const ROUTES: Record<string, Handler> = {
  'POST /signup': signup,
  'POST /resend': resend,
  'POST /token': token,
  'GET /user': getUser,
  'PUT /user': putUser,
  'POST /logout': logout,
  'POST /recover': recover,
  'POST /verify': verifyPost,
  'GET /verify': verifyGet,
  'GET /authorize': authorize,
  'GET /settings': async (ctx) => ({ status: 200, json: settings(ctx) }),
  // HS256 only: no public keys to publish, so auth-js getClaims() falls back to GET /user.
  'GET /.well-known/jwks.json': async () => ({ status: 200, json: { keys: [] } }),
  'GET /health': async () => ({
    status: 200,
    json: { version: 'local', name: 'GoTrue', description: 'Checkpoint local gateway' },
  }),
};

/** The per-IP limit each route counts against (the password and refresh grants differ: see ipLimit). */
const IP_LIMITS: Record<string, IpLimit> = {
  'POST /signup': 'signInSignUps',
  'POST /resend': 'otp',
  'POST /recover': 'otp',
  'POST /verify': 'verify',
  'GET /verify': 'verify',
  // The development OAuth stub starts a session on every call, as a sign-in does.
  'GET /authorize': 'signInSignUps',
};

function ipLimit(route: string, url: URL): IpLimit | undefined {
  if (route !== 'POST /token') return IP_LIMITS[route];
  const grant = url.searchParams.get('grant_type');
  return grant === 'refresh_token' ? 'tokenRefresh' : grant === 'password' ? 'signInSignUps' : undefined;
}

/** GoTrue's public settings: `external` names each provider, true only where it is enabled. */
function settings(ctx: GatewayContext): Record<string, unknown> {
  const oauth = enabledProviders(ctx);
  return {
    external: {
      email: true,
      phone: false,
      anonymous_users: false,
      ...Object.fromEntries(OAUTH_PROVIDERS.map((provider) => [provider, oauth.includes(provider)])),
    },
    disable_signup: false,
    mailer_autoconfirm: ctx.mail.off,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

/** `path` is the part after /auth/v1. */
export async function handleAuth(
  ctx: GatewayContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const route = `${method} ${path.replace(/\/+$/, '') || '/'}`;
  const handler = ROUTES[route];
  try {
    if (!handler)
      throw new AuthApiError(404, 'not_found', `${method} ${path} is not an endpoint of the local auth server`);
    // Before the body is read: a refused client costs next to nothing.
    const limit = ipLimit(route, url);
    if (limit) ctx.limits.checkIp(limit, ctx.limits.clientIp(req));
    const body = method === 'GET' ? {} : await jsonBody(req);
    render(req, res, await handler(ctx, { req, url, body, requestOrigin: trustedRequestOrigin(req, ctx.trustProxy) }));
  } catch (error) {
    if (error instanceof AuthApiError) sendAuthError(req, res, error);
    else if (error instanceof BodyTooLargeError)
      sendAuthError(req, res, new AuthApiError(413, 'request_too_large', error.message));
    else throw error;
  }
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (raw.length === 0) return {};
  const parsed = parseJson(raw);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new AuthApiError(400, 'bad_json', 'Could not parse request body as JSON');
  return parsed.value;
}

function render(req: IncomingMessage, res: ServerResponse, reply: AuthReply): void {
  if ('redirect' in reply) {
    redirect(res, reply.redirect, reply.status);
    return;
  }
  const version = requestedApiVersion(req);
  const headers: Record<string, string> = version ? { [API_VERSION_HEADER]: version } : {};
  if (reply.json === undefined) send(res, reply.status, undefined, headers);
  else sendJson(res, reply.status, reply.json, headers);
}
