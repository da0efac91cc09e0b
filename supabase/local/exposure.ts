// Whether a server is public, and what follows from it: the development mailbox and OAuth stub,
// where mail goes, and whether a fresh database gets demo members. A server that only this machine
// can reach (a loopback HOST and no PUBLIC_URL) is a developer's: it keeps the mailbox and the demo.
// One that others can reach must never hand out a reset link to whoever asks, so it sends real mail
// (SMTP_URL) or none (MAIL=off), and seeds demo members (a published password) only on request.

/** Where mail goes: an SMTP server, nowhere (sign-up needs no confirmation, no password reset), or the dev mailbox only. */
export type MailSettings =
  | { readonly kind: 'smtp'; readonly url: string; readonly from: string }
  | { readonly kind: 'off' }
  | { readonly kind: 'mailbox' };

/** 127.0.0.0/8, ::1 and 'localhost', as a HOST to listen on or a socket's remote address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return v4 === 'localhost' || a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A server others can reach: it listens beyond loopback, or a PUBLIC_URL says where it is reached. */
export const isPublicServer = (host: string, publicUrlSet: boolean): boolean => publicUrlSet || !isLoopback(host);

/** What the start-up log says about the mailbox, mail and demo members (main.ts, dev.ts). */
export function exposureSummary(
  settings: {
    readonly publicServer: boolean;
    readonly devMailbox: boolean;
    readonly demo: boolean;
    readonly mail: MailSettings;
  },
  appUrl: string,
  describeSmtp: (url: string) => string,
): string[] {
  const why = settings.publicServer ? 'public server' : 'DEV_MAILBOX=off';
  const lines = [
    `Dev mailbox:  ${settings.devMailbox ? `${appUrl}/_dev/mailbox (this machine only)` : `off (${why})`}`,
    `Mail:         ${
      settings.mail.kind === 'smtp'
        ? `sent through ${describeSmtp(settings.mail.url)} from ${settings.mail.from}`
        : settings.mail.kind === 'off'
          ? 'off (MAIL=off: sign-up needs no email confirmation; password reset is unavailable)'
          : 'kept in the dev mailbox, not sent'
    }`,
    `Demo members: ${settings.demo ? 'on (in a new database)' : `off (${settings.devMailbox ? 'DEMO=off' : why}; DEMO=1 to add them to a new database)`}`,
  ];
  if (settings.publicServer && settings.devMailbox)
    lines.push(
      '',
      '!!! WARNING: DEV_MAILBOX is on for a public server. The dev mailbox holds every sign-up and',
      '!!! password-reset link, and the development OAuth sign-in needs no password. Both answer only',
      '!!! on this machine, but anyone who can reach them here can take over any account.',
      '!!! Set SMTP_URL and SMTP_FROM (or MAIL=off) and unset DEV_MAILBOX before others use this server.',
    );
  return lines;
}
