// Serves the built app (dist/) on the gateway's origin: hashed /assets/* cached for a year, the
// entry points (index.html, sw.js, the manifest) revalidated every time, and index.html for any
// extension-less path so client-side routes survive a reload. Every file carries the security
// headers of security-headers.ts; documents also the Content-Security-Policy. index.html carries
// the gateway's anon key in a meta tag (keyTag): a first visit's first read (src/data/first-read.ts)
// leaves with it at once, without a round trip for /_dev/config.json. At a game page's address it
// carries the game's header too (first-paint.ts), when the gateway finds the game in time.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { withFirstPaint, type FirstPaint } from './first-paint.ts';
import { escapeMarkup } from '../../src/core/markup.ts';
import { acceptedEncoding, compress, CORS_HEADERS, send } from './http.ts';
import { documentSecurityHeaders, STATIC_SECURITY_HEADERS } from './security-headers.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkpoint</title></head>
<body style="font-family: system-ui, sans-serif; background: #0f1115; color: #e8e9ed; padding: 2rem">
<h1>Checkpoint</h1><p>The app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload.</p>
<p>The API is running: <a style="color:#8ab4ff" href="/_dev/mailbox">dev mailbox</a>.</p></body></html>`;

export interface StaticOptions {
  /** The anon key written into index.html (it is public: /_dev/config.json serves it to anyone). */
  readonly anonKey?: string;
  /** The first paint for a client-side route's address (%-encoded); `indexHtml` reads index.html's text. */
  readonly firstPaint?: (pathname: string, indexHtml: () => Promise<string>) => Promise<FirstPaint | null>;
}

/** How index.html is changed for one response, and a key naming the change (the compressed bodies' cache). */
interface PageEdit {
  readonly key: string;
  readonly edit: (html: string) => string;
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  distDir: string,
  pathname: string,
  options: StaticOptions = {},
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    return;
  }
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!(await isFile(index))) {
    if (pathname === '/' || pathname === '/index.html')
      send(res, 200, NOT_BUILT_PAGE, { 'Content-Type': 'text/html; charset=utf-8' });
    else send(res, 404, 'Not Found', { 'Content-Type': 'text/plain; charset=utf-8' });
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    send(res, 400, 'Bad Request', { 'Content-Type': 'text/plain; charset=utf-8' });
    return;
  }
  // Resolve and then check containment: '..', encoded '%2e%2e', backslashes and NUL all end here.
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (decoded.includes('\0') || (file !== root && !file.startsWith(`${root}${path.sep}`))) {
    send(res, 404, 'Not Found', { 'Content-Type': 'text/plain; charset=utf-8' });
    return;
  }
  const head = options.anonKey ? keyTag(options.anonKey) : '';
  const keyOnly: PageEdit | undefined = head ? { key: head, edit: (html) => withHead(html, head) } : undefined;
  if (await isFile(file)) {
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`;
    await sendFile(req, res, file, urlPath, file === index ? keyOnly : undefined);
  } else if (path.extname(decoded) === '') {
    // A first paint that fails leaves the plain shell: it must never cost the page.
    const paint = options.firstPaint
      ? await options.firstPaint(pathname, () => readFile(index, 'utf8')).catch(() => null)
      : null;
    const page: PageEdit | undefined = paint
      ? {
          key: `${head}${paint.title}${paint.head}${paint.body}`,
          edit: (html) => withFirstPaint(withHead(html, head), paint),
        }
      : keyOnly;
    await sendFile(req, res, index, '/index.html', page);
  } else {
    send(res, 404, 'Not Found', { 'Content-Type': 'text/plain; charset=utf-8' });
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.svg', '.txt']);
const compressible = (file: string) => COMPRESSIBLE.has(path.extname(file).toLowerCase());

/** The meta tag index.html carries at the end of its head; src/data/first-read.ts reads it (pageSettings). */
const keyTag = (anonKey: string) => `<meta name="checkpoint:anon-key" content="${escapeMarkup(anonKey)}">`;

/** `html` with `head` put at the end of its head. */
const withHead = (html: string, head: string): string =>
  head ? html.replace('</head>', () => `${head}</head>`) : html;

/** The file, as `page` (if any) changes it. */
async function contents(file: string, page: PageEdit | undefined): Promise<Buffer> {
  const raw = await readFile(file);
  return page ? Buffer.from(page.edit(raw.toString('utf8'))) : raw;
}

const bodyCache = new Map<string, Buffer>();
async function servedBody(
  file: string,
  mtimeMs: number,
  size: number,
  encoding: 'br' | 'gzip' | null,
  page: PageEdit | undefined,
): Promise<Buffer> {
  const key = `${encoding}:${file}:${mtimeMs}:${size}:${page?.key ?? ''}`;
  let body = bodyCache.get(key);
  if (!body) {
    const raw = await contents(file, page);
    body = encoding === null ? raw : compress(raw, encoding, 9);
    if (bodyCache.size > 500) bodyCache.clear();
    bodyCache.set(key, body);
  }
  return body;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  urlPath: string,
  page?: PageEdit,
): Promise<void> {
  const info = await stat(file);
  const encoding = compressible(file) ? acceptedEncoding(req) : null;
  // Text files compressed as a static host would (Netlify sends brotli or gzip): once per file
  // version. A changed file is sent from memory even when not compressed.
  const body = encoding || page ? await servedBody(file, info.mtimeMs, info.size, encoding, page) : null;
  const cache = urlPath.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : NO_CACHE.has(urlPath)
      ? 'no-cache'
      : 'public, max-age=0, must-revalidate';
  res.writeHead(200, {
    ...CORS_HEADERS,
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(body?.byteLength ?? info.size),
    ...(compressible(file) ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Cache-Control': cache,
    'Last-Modified': info.mtime.toUTCString(),
    ...(path.extname(file).toLowerCase() === '.html' ? documentSecurityHeaders() : STATIC_SECURITY_HEADERS),
  });
  if (body) {
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    res.on('close', resolve);
    stream.pipe(res);
  });
}
