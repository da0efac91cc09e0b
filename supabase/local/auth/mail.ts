// Confirmation and recovery links: a one-time token in auth.one_time_tokens (issueLink, inside the
// request's transaction) and, once that has committed, a mail (deliverLink) whose link opens the app
// with `token_hash` and `type`, which the app passes to verifyOtp. The mail goes to the SMTP server
// (SMTP_URL) and, where the dev mailbox is on, into local_dev.mailbox; with MAIL=off nothing is
// issued. Each token works once and expires (24 h confirmation, 1 h recovery); issuing a new one
// replaces the user's previous token of that kind, as GoTrue does.
// Unlike GoTrue, a token carries a checksum, so verify can tell a made-up link ('Email verification
// failed') from one this gateway issued that is used, replaced or expired ('… has expired').
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db.ts';
import type { GatewayContext } from '../context.ts';
import { AuthApiError } from './errors.ts';
import { allowedRedirect } from './redirect.ts';
import type { LinkMessage } from './smtp.ts';
import type { UserRow } from './users.ts';

export type MailKind = 'signup' | 'recovery';
type TokenType = 'confirmation_token' | 'recovery_token';

const TOKEN_TYPE: Record<MailKind, TokenType> = { signup: 'confirmation_token', recovery: 'recovery_token' };
const SENT_AT_COLUMN: Record<MailKind, string> = { signup: 'confirmation_sent_at', recovery: 'recovery_sent_at' };
/** Token lifetimes in seconds. */
const TOKEN_TTL: Record<TokenType, number> = { confirmation_token: 24 * 3600, recovery_token: 3600 };
/** Where a link opens in the app when the client gave no redirect_to. */
const APP_PATH: Record<MailKind, string> = { signup: '/auth/callback', recovery: '/reset-password' };

/** A link minted in a transaction, to deliver after it commits. */
export interface LinkMail extends LinkMessage {
  readonly tokenHash: string;
}

/** GoTrue's answer when the mail server refuses or cannot be reached. */
const SEND_FAILED: Record<MailKind, string> = {
  signup: 'Error sending confirmation email',
  recovery: 'Error sending recovery email',
};

/** Mints the user's one-time token of `kind` and its link; undefined when no mail can carry it. */
export async function issueLink(
  ctx: GatewayContext,
  tx: Queryable,
  user: UserRow,
  kind: MailKind,
  redirectTo: string | null,
  requestOrigin?: string,
): Promise<LinkMail | undefined> {
  const email = user.email;
  if (!email || ctx.mail.off) return undefined;
  const tokenType = TOKEN_TYPE[kind];
  const tokenHash = mintTokenHash();
  await tx.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2', [user.id, tokenType]);
  await tx.query(
    'insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1::uuid, $2, $3, $4)',
    [user.id, tokenType, tokenHash, email],
  );
  await tx.query(`update auth.users set ${SENT_AT_COLUMN[kind]} = now() where id = $1::uuid`, [user.id]);
  const link = allowedRedirect(ctx, redirectTo, requestOrigin) ?? new URL(APP_PATH[kind], ctx.siteUrl);
  link.searchParams.set('token_hash', tokenHash);
  link.searchParams.set('type', kind);
  return { to: email, kind, link: link.toString(), tokenHash };
}

/**
 * Sends an issued link (after its transaction committed: an SMTP round trip must not hold the
 * database). A refused send is logged, its token withdrawn, and answered as GoTrue does (500).
 */
export async function deliverLink(ctx: GatewayContext, mail: LinkMail | undefined): Promise<void> {
  if (!mail) return;
  if (ctx.mail.smtp) {
    try {
      await ctx.mail.smtp.send(mail);
    } catch (error) {
      ctx.log(
        `mail: sending the ${mail.kind} mail to ${mail.to} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      await ctx.db.query('delete from auth.one_time_tokens where token_hash = $1', [mail.tokenHash]);
      throw new AuthApiError(500, 'unexpected_failure', SEND_FAILED[mail.kind]);
    }
  }
  if (ctx.devMailbox)
    await ctx.db.query('insert into local_dev.mailbox ("to", kind, link) values ($1, $2, $3)', [
      mail.to,
      mail.kind,
      mail.link,
    ]);
  ctx.limits.mailSent();
  ctx.log(`mail: ${mail.kind} link for ${mail.to} (${ctx.mail.smtp ? 'sent' : 'see /_dev/mailbox'})`);
}

const CHECKSUM_LENGTH = 8;
const checksum = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, CHECKSUM_LENGTH);

/** 56 hex characters like GoTrue's token_hash: 48 random, then 8 of their checksum. */
function mintTokenHash(): string {
  const body = randomBytes(24).toString('hex');
  return body + checksum(body);
}

/**
 * Whether this gateway could have issued the token. Not a secret: a guessed checksum only earns the
 * "expired" message, since redeeming still needs the token in auth.one_time_tokens.
 */
export function wasIssuedHere(tokenHash: string): boolean {
  if (!/^[0-9a-f]{56}$/.test(tokenHash)) return false;
  const body = tokenHash.slice(0, -CHECKSUM_LENGTH);
  return checksum(body) === tokenHash.slice(-CHECKSUM_LENGTH);
}

/** The verify `type`s and the tokens each may redeem (GoTrue: 'email' accepts either kind). */
const REDEEMS: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  email: ['confirmation_token', 'recovery_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
};

export function isVerifyType(type: unknown): type is string {
  return typeof type === 'string' && type in REDEEMS;
}

/** Redeems a token once; undefined when it is unknown, of another kind, used or expired. */
export async function redeemToken(
  tx: Queryable,
  tokenHash: string,
  type: string,
): Promise<{ userId: string; tokenType: TokenType } | undefined> {
  const types = REDEEMS[type] ?? [];
  const rows = await tx.query<{ user_id: string; token_type: TokenType; age: number }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id, token_type, extract(epoch from now() - created_at)::float8 as age`,
    [tokenHash, types],
  );
  const row = rows[0];
  if (!row || row.age > TOKEN_TTL[row.token_type]) return undefined;
  return { userId: row.user_id, tokenType: row.token_type };
}
