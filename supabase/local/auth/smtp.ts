// Real mail for a self-hosted server (SMTP_URL, SMTP_FROM): "Confirm your email" and "Reset your
// password", each as plain text and a small HTML part, sent through nodemailer. mail.ts decides
// when; this file only writes and sends the message.
import { createTransport, type Transporter } from 'nodemailer';
import { escapeMarkup } from '../../../src/core/markup.ts';
import type { MailKind } from './mail.ts';

export interface LinkMessage {
  readonly to: string;
  readonly kind: MailKind;
  readonly link: string;
}

export interface SmtpSender {
  send(message: LinkMessage): Promise<void>;
  close(): void;
}

const TEXT: Record<MailKind, { subject: string; intro: string; action: string; expiry: string }> = {
  signup: {
    subject: 'Confirm your email',
    intro: 'Welcome to Checkpoint. Confirm your email address to finish signing up.',
    action: 'Confirm your email',
    expiry: 'The link works once, for 24 hours.',
  },
  recovery: {
    subject: 'Reset your password',
    intro: 'Someone asked to reset the password of your Checkpoint account. If it was you, choose a new one.',
    action: 'Reset your password',
    expiry: 'The link works once, for 1 hour. If you did not ask, ignore this mail: your password stays as it is.',
  },
};

export function messageBodies(message: LinkMessage): { subject: string; text: string; html: string } {
  const t = TEXT[message.kind];
  const link = escapeMarkup(message.link);
  return {
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}: ${message.link}\n\n${t.expiry}\n`,
    html: `<!doctype html><html lang="en"><body style="font:16px/1.5 system-ui,sans-serif">
<p>${escapeMarkup(t.intro)}</p>
<p><a href="${link}">${escapeMarkup(t.action)}</a></p>
<p style="color:#555">${escapeMarkup(t.expiry)}<br>Or open this address: ${link}</p>
</body></html>`,
  };
}

export function smtpSender(url: string, from: string): SmtpSender {
  // A refused or silent server fails the request in seconds instead of leaving the member waiting.
  const transport: Transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, ...messageBodies(message) });
    },
    close() {
      transport.close();
    },
  };
}

/** The SMTP address without its password, for the start-up log. */
export function describeSmtp(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}`;
}
