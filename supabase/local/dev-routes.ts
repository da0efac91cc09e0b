// /_dev/*: the development mailbox (mail a real project would send) and the client settings the
// app can fetch at start (`{supabaseUrl, anonKey}`, harmless: the anon key is in every page).
// The mailbox holds sign-up and password-reset links, so whoever reads it can take over any
// account: it exists only where ctx.devMailbox says (exposure.ts), answers only callers on this
// machine that no proxy forwarded, and never carries CORS headers, so no other origin's page can
// read it through a browser on this machine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext } from './context.ts';
import { escapeMarkup } from '../../src/core/markup.ts';
import { isLoopback } from './exposure.ts';
import { header, send, sendJson } from './http.ts';
import { documentSecurityHeaders, STATIC_SECURITY_HEADERS } from './security-headers.ts';

interface Mail {
  readonly to: string;
  readonly kind: string;
  readonly link: string;
  readonly sent_at: string;
}

/** Headers a proxy adds; a request carrying one came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** A caller on this machine, not forwarded by a proxy (which would connect from loopback too). */
export function fromThisMachine(req: IncomingMessage): boolean {
  return isLoopback(req.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => header(req, name) === undefined);
}

export async function handleDev(
  ctx: GatewayContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (path === '/config.json') {
    if (req.method === 'OPTIONS') send(res, 204, undefined);
    else
      sendJson(
        res,
        200,
        { supabaseUrl: ctx.publicUrl, anonKey: ctx.keys.anonKey },
        { 'Cache-Control': 'no-store', ...STATIC_SECURITY_HEADERS },
      );
    return;
  }
  const mailboxPath = path === '/mailbox.json' || path === '/mailbox' || path === '/mailbox/';
  if (!mailboxPath || !ctx.devMailbox) {
    reply(res, 404, { message: `Not found: /_dev${path}` });
  } else if (!fromThisMachine(req)) {
    reply(res, 403, {
      message: 'The dev mailbox answers only on the machine the server runs on, not through a proxy.',
    });
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    reply(res, 405, { message: 'Method not allowed' }, { Allow: 'GET, HEAD' });
  } else if (path === '/mailbox.json') {
    reply(res, 200, await mailbox(ctx));
  } else {
    writeNoCors(res, 200, mailboxPage(await mailbox(ctx)), {
      ...documentSecurityHeaders(),
      'Content-Type': 'text/html; charset=utf-8',
    });
  }
}

/** JSON without CORS headers (http.ts's sendJson adds them), with the app's security headers. */
function reply(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  writeNoCors(res, status, JSON.stringify(value), {
    ...STATIC_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
  });
}

function writeNoCors(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, { 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

async function mailbox(ctx: GatewayContext): Promise<Mail[]> {
  const rows = await ctx.db.query<{ to: string; kind: string; link: string; sent_at: string }>(
    `select "to", kind, link, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at
       from local_dev.mailbox order by id desc limit 200`,
  );
  return rows.map((r) => ({ to: r.to, kind: r.kind, link: r.link, sent_at: r.sent_at }));
}

function mailboxPage(mails: readonly Mail[]): string {
  const items = mails
    .map(
      (
        m,
      ) => `<li><p><strong>${escapeMarkup(m.kind === 'signup' ? 'Confirm your email' : 'Reset your password')}</strong>
 to ${escapeMarkup(m.to)} <time datetime="${escapeMarkup(m.sent_at)}">${escapeMarkup(m.sent_at)}</time></p>
 <p><a href="${escapeMarkup(m.link)}">${escapeMarkup(m.link)}</a></p></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox | Checkpoint</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #0f1115; color: #e8e9ed; margin: 0 auto; padding: 1.5rem; max-width: 48rem; }
  a { color: #8ab4ff; word-break: break-all; } a:focus-visible { outline: 2px solid #8ab4ff; outline-offset: 2px; }
  li { border-bottom: 1px solid #2a2e37; padding: .5rem 0; } ul { list-style: none; padding: 0; } time { color: #a0a4ad; }
</style></head>
<body><h1>Dev mailbox</h1>
<p>Mail the local server would have sent, newest first. <a href="/_dev/mailbox">Refresh</a></p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ul>\n${items}\n</ul>`}
</body></html>`;
}
