// Small HTTP helpers shared by every route: Supabase-style CORS, a capped body reader and
// JSON / redirect responses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const MAX_BODY_BYTES = 1024 * 1024;

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, range, x-supabase-api-version, x-retry-count',
  'Access-Control-Expose-Headers': 'Content-Range, X-Supabase-Api-Version',
  'Access-Control-Max-Age': '86400',
};

/** Raised when the request body is over MAX_BODY_BYTES; each area renders it in its own shape. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor() {
    super(`Request body is larger than ${MAX_BODY_BYTES} bytes`);
  }
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      discard(req);
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        discard(req);
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/**
 * Reads and drops the rest of a refused body (without destroying the socket, which would reset
 * the connection before the client reads our 413).
 */
function discard(req: IncomingMessage): void {
  req.on('error', () => undefined);
  req.resume();
}

export type JsonParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/**
 * How deep request JSON may nest. Real requests stay under 10; a body nested thousands deep would
 * otherwise overflow the stack later (serialising it for Postgres) and answer 500. Postgres's own
 * jsonb parser gives up near the same depth.
 */
export const MAX_JSON_DEPTH = 200;

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings ignored). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

export function parseJson(body: Buffer): JsonParse {
  const text = body.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { ...CORS_HEADERS, ...headers });
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

export function redirect(res: ServerResponse, location: string, status = 303): void {
  send(res, status, undefined, { Location: location });
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The encoding to send a compressible answer in: brotli when the client takes it, else gzip, else
 * none (a coding listed with q=0 is refused, as RFC 9110 says).
 */
export function acceptedEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const part of (header(req, 'accept-encoding') ?? '').toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (coding && !(q !== undefined && Number(q.slice(2)) === 0)) taken.add(coding);
  }
  if (taken.has('br')) return 'br';
  return taken.has('gzip') ? 'gzip' : null;
}

/**
 * `raw` in `encoding`, at `level` (brotli's quality 0–11, gzip's level 1–9): high for a file packed
 * once and kept, low for an answer packed each time it is sent.
 */
export function compress(raw: Buffer, encoding: 'br' | 'gzip', level: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(raw, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: level, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
      })
    : gzipSync(raw, { level });
}

/** The path and query of a request, parsed against a dummy origin (only path and query are used). */
export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://gateway.invalid');
}
