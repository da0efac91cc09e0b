// /_dev/*: the development mailbox (mail a real project would send) and the client settings the
// app can fetch at start (`{supabaseUrl, anonKey}`).
import type { ServerResponse } from 'node:http';
import type { GatewayContext } from './context.ts';
import { escapeMarkup } from '../../src/core/markup.ts';
import { send, sendJson } from './http.ts';

interface Mail {
  readonly to: string;
  readonly kind: string;
  readonly link: string;
  readonly sent_at: string;
}

export async function handleDev(ctx: GatewayContext, res: ServerResponse, path: string): Promise<void> {
  if (path === '/config.json') {
    sendJson(res, 200, { supabaseUrl: ctx.publicUrl, anonKey: ctx.keys.anonKey }, { 'Cache-Control': 'no-store' });
  } else if (path === '/mailbox.json') {
    sendJson(res, 200, await mailbox(ctx), { 'Cache-Control': 'no-store' });
  } else if (path === '/mailbox' || path === '/mailbox/') {
    send(res, 200, mailboxPage(await mailbox(ctx)), {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  } else {
    sendJson(res, 404, { message: `Not found: /_dev${path}` });
  }
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
