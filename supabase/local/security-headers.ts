// The security headers the app is served with, by the gateway and, through
// public/_headers, by static hosts (Netlify reads that file; README "Deploy" lists them for others).
// One inline script, allowed by its hash: index.html's theme script, which must run before the first
// paint (a file would cost a request first) and also holds a tap on a first paint made before the
// app's code runs; every other script is the bundled module. Styles allow inline
// style attributes (React sets sizes on covers); images may come from any https host (covers on
// images.igdb.com, member avatars). The app talks to its own origin, or to the hosted Supabase
// project named at build time.

export interface SecurityHeaderOptions {
  /** Extra origins the page may call (a hosted Supabase project: https://x.supabase.co). */
  readonly connect?: readonly string[];
}

/** The hash of index.html's inline theme script; tests/unit/security-headers.test.ts checks it. */
export const THEME_SCRIPT_HASH = "'sha256-P+KRm7Smn2VC879CBQ+GKdCri31n9XpUO/im7ndsiDc='";

export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const connect = ["'self'", ...(options.connect ?? [])];
  return [
    "default-src 'self'",
    `script-src 'self' ${THEME_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers for every file of the app. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Headers for documents (HTML): the above plus the Content-Security-Policy. */
export function documentSecurityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    ...STATIC_SECURITY_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Frame-Options': 'DENY',
  };
}

/** HSTS, as hosted Supabase sends it; only on answers that went out over HTTPS (strictTransport). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Whether an answer reaches the browser over HTTPS: as a trusted proxy's X-Forwarded-Proto says
 * (`forwardedProto`, undefined without TRUST_PROXY or the header), else as PUBLIC_URL's scheme
 * says. Never for plain http: a LAN server pinned to https would be unreachable for a year.
 */
export function overHttps(publicUrl: string, forwardedProto: string | undefined): boolean {
  return forwardedProto ? forwardedProto === 'https' : publicUrl.startsWith('https:');
}

/** The origins a build for hosted Supabase talks to. */
export const HOSTED_SUPABASE_ORIGINS = ['https://*.supabase.co', 'wss://*.supabase.co'] as const;

/** public/_headers: the same headers for static hosts, for every path (CSP is harmless on non-documents). */
export function staticHostHeadersFile(): string {
  const headers = documentSecurityHeaders({ connect: HOSTED_SUPABASE_ORIGINS });
  return [
    '# Security headers for static hosts that read this file (Netlify, Cloudflare Pages).',
    '# Made by staticHostHeadersFile() in supabase/local/security-headers.ts; a unit test keeps them equal.',
    '/*',
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    '',
  ].join('\n');
}
