// Where GoTrue may send a browser after a link or OAuth sign-in. Like GoTrue's URI allow list, a
// client-supplied redirect_to is honoured only when it points at the app (SITE_URL's origin), the
// gateway itself (PUBLIC_URL), the origin the request was made to when a trusted proxy says so
// (TRUST_PROXY, origin.ts), or an entry of REDIRECT_URLS (an origin, or an origin and path prefix);
// anything else falls back to SITE_URL, so the gateway is never an open redirect. Another program
// on this machine is foreign too: only the same port on another loopback name (localhost for
// 127.0.0.1) counts as the same address.
import type { GatewayContext } from '../context.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

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
  if (url.username !== '' || url.password !== '') return undefined;
  const origins = [ctx.siteUrl, ctx.publicUrl, ...(requestOrigin ? [requestOrigin] : [])].map((o) => new URL(o));
  if (origins.some((o) => sameAddress(o, url))) return url;
  return ctx.redirectUrls.some((entry) => underEntry(new URL(entry), url)) ? url : undefined;
}

/** The same origin, or the same scheme and port on two loopback names. */
function sameAddress(allowed: URL, url: URL): boolean {
  if (allowed.origin === url.origin) return true;
  return (
    LOOPBACK.has(allowed.hostname) &&
    LOOPBACK.has(url.hostname) &&
    allowed.protocol === url.protocol &&
    allowed.port === url.port
  );
}

/** An origin-only entry allows its whole origin; one with a path allows that path and below it. */
function underEntry(entry: URL, url: URL): boolean {
  if (!sameAddress(entry, url)) return false;
  if (entry.pathname === '/') return true;
  const prefix = entry.pathname.endsWith('/') ? entry.pathname : `${entry.pathname}/`;
  return url.pathname === entry.pathname.replace(/\/$/, '') || url.pathname.startsWith(prefix);
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
