// The origin a request was made to, as far as the gateway may believe it. Behind a TLS reverse proxy
// (TRUST_PROXY) the browser's origin is https://<the proxy's name>, which only the proxy's
// X-Forwarded-Proto and X-Forwarded-Host say; without TRUST_PROXY those headers are ignored, since
// any client can send them (a forged origin must never steer a mailed link to another host).
import type { IncomingMessage } from 'node:http';
import { header } from './http.ts';

/** The first entry of a header a chain of proxies may have appended to (`https, http`). */
const first = (req: IncomingMessage, name: string) => header(req, name)?.split(',')[0]?.trim() || undefined;

/**
 * The request's origin from the proxy's headers (the Host header when the proxy sent no
 * X-Forwarded-Host), or undefined when proxies are not trusted or the headers do not make an
 * http(s) origin.
 */
export function trustedRequestOrigin(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return undefined;
  const proto = first(req, 'x-forwarded-proto')?.toLowerCase();
  const host = first(req, 'x-forwarded-host') ?? header(req, 'host');
  if ((proto !== 'http' && proto !== 'https') || !host || /[/\\?#@\s]/.test(host)) return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}
