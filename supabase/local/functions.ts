// /functions/v1/<name> and the spec's /.netlify/functions/<name>: the Node request becomes a Fetch
// Request and goes to the function's default export, the same handler Supabase Edge runs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import igdbSearch from '../functions/igdb-search/index.ts';
import { BodyTooLargeError, CORS_HEADERS, readBody, send, sendJson } from './http.ts';

type FetchHandler = (req: Request) => Promise<Response>;

const FUNCTIONS: Record<string, FetchHandler> = { 'igdb-search': igdbSearch };

export async function handleFunction(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  url: URL,
  origin: string,
): Promise<void> {
  const fn = FUNCTIONS[name];
  if (!fn) {
    sendJson(res, 404, { code: 'NOT_FOUND', message: `Function not found: ${name}` });
    return;
  }
  let body: Buffer | undefined;
  try {
    body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    sendJson(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: error.message });
    return;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  const request = new Request(new URL(url.pathname + url.search, origin), {
    method: req.method ?? 'GET',
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });
  const response = await fn(request);
  const out: Record<string, string> = { ...CORS_HEADERS };
  response.headers.forEach((value, key) => {
    out[key] = value;
  });
  send(res, response.status, Buffer.from(await response.arrayBuffer()), out);
}
