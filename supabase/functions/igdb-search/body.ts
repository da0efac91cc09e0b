// Reads the JSON body with a size cap (checked while streaming, not after): a client mistake is
// a 4xx, never a 500.
import { ClientError } from './result.ts';

export const MAX_BODY_BYTES = 16 * 1024;

const tooLarge = () => new ClientError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`);

async function readCapped(req: Request): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export async function readJsonBody(req: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readCapped(req));
  if (text.trim() === '') throw new ClientError(400, 'Invalid request: the body must be a JSON object');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ClientError(400, 'Invalid request: the body is not valid JSON');
  }
}
