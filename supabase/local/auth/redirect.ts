// Where GoTrue may send a browser after a link or OAuth sign-in. Like GoTrue's URI allow list, a
// client-supplied redirect_to is honoured only when it points at the app (SITE_URL's origin), the
// gateway itself (PUBLIC_URL), the origin the request was made to when a trusted proxy says so
// (TRUST_PROXY, origin.ts), or a localhost address; anything else falls back to SITE_URL, so the
// gateway is never an open redirect.
import type { GatewayContext } from '../context.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `requestOrigin`: the request's origin from trustedRequestOrigin (undefined unless trusted). */
export function allowedRedirect(
  ctx: GatewayContext,
  candidate: string | null | undefined,
  requestOrigin?: string,
): URL | undefined {
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const origins = [
    new URL(ctx.siteUrl).origin,
    new URL(ctx.publicUrl).origin,
    ...(requestOrigin ? [requestOrigin] : []),
  ];
  return origins.includes(url.origin) || LOCAL_HOSTS.has(url.hostname) ? url : undefined;
}

/** The redirect target, or SITE_URL when none (or a foreign one) was given. */
export function redirectTarget(ctx: GatewayContext, candidate: string | null | undefined, requestOrigin?: string): URL {
  return allowedRedirect(ctx, candidate, requestOrigin) ?? new URL(ctx.siteUrl);
}

export function withFragment(url: URL, fragment: string): string {
  const target = new URL(url);
  target.hash = fragment;
  return target.toString();
}
