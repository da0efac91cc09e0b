// GoTrue's rate limits, kept in memory per gateway: token buckets per client IP for sign-in and
// sign-up, token refresh, verification and the mail-sending endpoints; failed sign-ins per address;
// one mail per address and kind per SMTP_MAX_FREQUENCY; and a gateway-wide budget of mails per hour.
// A refusal is a 429 in GoTrue's wire format with a Retry-After header (errors.ts).
import type { IncomingMessage } from 'node:http';
import { header } from '../http.ts';
import { AuthApiError } from './errors.ts';
import type { MailKind } from './mail.ts';

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 60 * 60_000;
/** GoTrue's buckets hold at most 30 requests (tollbooth's burst); a lower limit holds fewer. */
const MAX_BURST = 30;
/** Past this many keys, full buckets and spent waits are forgotten. */
const SWEEP_AT = 10_000;

export interface RateLimits {
  /** Sign-ins (password grant) and sign-ups per 5 minutes per IP. GoTrue: RATE_LIMIT_SIGN_IN_SIGN_UPS = 30. */
  readonly signInSignUps: number;
  /** Refresh-token grants per 5 minutes per IP. GoTrue: RATE_LIMIT_TOKEN_REFRESH = 150. */
  readonly tokenRefresh: number;
  /** Link and code verifications per 5 minutes per IP. GoTrue: RATE_LIMIT_VERIFY = 30. */
  readonly verify: number;
  /** Recovery and resend requests per hour per IP (the endpoints that mail a one-time link). GoTrue: RATE_LIMIT_OTP = 30. */
  readonly otp: number;
  /** Mails the whole gateway sends per hour. GoTrue: RATE_LIMIT_EMAIL_SENT = 30. */
  readonly emailSent: number;
  /** Seconds before another mail of one kind to one address. GoTrue: SMTP_MAX_FREQUENCY = 60 s. */
  readonly emailMaxFrequency: number;
  /** Failed password sign-ins per 5 minutes per address (not a GoTrue setting: guesses spread over many IPs). */
  readonly signInFailures: number;
  /** Take the client IP from this header (e.g. X-Forwarded-For behind a proxy). GoTrue: RATE_LIMIT_HEADER. */
  readonly header?: string;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInSignUps: 30,
  tokenRefresh: 150,
  verify: 30,
  otp: 30,
  emailSent: 30,
  emailMaxFrequency: 60,
  signInFailures: 10,
};

/** For tests and load runs that sign many members up from one address: nothing is limited. */
export const RELAXED_RATE_LIMITS: RateLimits = {
  signInSignUps: 0,
  tokenRefresh: 0,
  verify: 0,
  otp: 0,
  emailSent: 0,
  emailMaxFrequency: 0,
  signInFailures: 0,
};

/** A gateway option: the defaults, 'relaxed' (off), or the limits to change (0 turns one off). */
export type RateLimitOption = 'relaxed' | Partial<RateLimits>;

export function resolveRateLimits(option: RateLimitOption | undefined): RateLimits {
  if (option === 'relaxed') return RELAXED_RATE_LIMITS;
  return { ...DEFAULT_RATE_LIMITS, ...option };
}

export type IpLimit = 'signInSignUps' | 'tokenRefresh' | 'verify' | 'otp';

/** Token buckets by key: `limit` requests per `windowMs`, refilled evenly, holding at most MAX_BURST. */
class Buckets {
  private readonly capacity: number;
  private readonly msPerToken: number;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    limit: number,
    windowMs: number,
    private readonly now: () => number,
  ) {
    this.capacity = Math.min(limit, MAX_BURST);
    this.msPerToken = limit > 0 ? windowMs / limit : 0;
  }

  get enabled(): boolean {
    return this.capacity > 0;
  }

  /** 0 when a request may go now; else how many ms until one may. */
  wait(key: string): number {
    if (!this.enabled) return 0;
    const tokens = this.refill(key);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * this.msPerToken);
  }

  /** Spends one request (never below empty). */
  take(key: string): void {
    if (!this.enabled) return;
    const tokens = this.refill(key);
    this.buckets.set(key, { tokens: Math.max(0, tokens - 1), at: this.now() });
    if (this.buckets.size > SWEEP_AT) this.sweep();
  }

  private refill(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.capacity;
    const elapsed = Math.max(0, this.now() - bucket.at);
    return Math.min(this.capacity, bucket.tokens + elapsed / this.msPerToken);
  }

  private sweep(): void {
    for (const key of [...this.buckets.keys()]) if (this.refill(key) >= this.capacity) this.buckets.delete(key);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** GoTrue's refusals. The per-IP and budget messages add when to retry, which auth-js cannot read from Retry-After. */
export class RateLimitError extends AuthApiError {
  constructor(
    code: 'over_request_rate_limit' | 'over_email_send_rate_limit',
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, code, message, {}, { 'Retry-After': String(retryAfter) });
  }
}

const requestRateLimit = (ms: number) =>
  new RateLimitError(
    'over_request_rate_limit',
    `Request rate limit reached. Please try again in ${seconds(ms)} seconds.`,
    seconds(ms),
  );
const emailRateLimit = (ms: number) =>
  new RateLimitError(
    'over_email_send_rate_limit',
    `Email rate limit exceeded. Please try again in ${seconds(ms)} seconds.`,
    seconds(ms),
  );
const emailFrequency = (ms: number) =>
  new RateLimitError(
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds(ms)} seconds.`,
    seconds(ms),
  );

export class RateLimiter {
  private readonly perIp: Record<IpLimit, Buckets>;
  private readonly signInFailures: Buckets;
  private readonly emailBudget: Buckets;
  /** When each kind of mail was last requested for an address. */
  private readonly lastMail = new Map<string, number>();

  constructor(
    readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.perIp = {
      signInSignUps: new Buckets(limits.signInSignUps, FIVE_MINUTES, now),
      tokenRefresh: new Buckets(limits.tokenRefresh, FIVE_MINUTES, now),
      verify: new Buckets(limits.verify, FIVE_MINUTES, now),
      otp: new Buckets(limits.otp, HOUR, now),
    };
    this.signInFailures = new Buckets(limits.signInFailures, FIVE_MINUTES, now);
    // A burst of the whole hour's budget, as GoTrue counts mails per hour.
    this.emailBudget = new Buckets(limits.emailSent, HOUR, now);
  }

  /** The client's address: the configured header's first entry, else the socket's peer. */
  clientIp(req: IncomingMessage): string {
    const forwarded = this.limits.header ? header(req, this.limits.header)?.split(',')[0]?.trim() : undefined;
    const ip = forwarded || req.socket.remoteAddress || 'unknown';
    return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  }

  /** Counts a request from `ip`; a refused one costs nothing (a bucket never goes below empty). */
  checkIp(limit: IpLimit, ip: string): void {
    const buckets = this.perIp[limit];
    const wait = buckets.wait(ip);
    if (wait > 0) throw requestRateLimit(wait);
    buckets.take(ip);
  }

  /** Before a password is checked: too many recent failures for this address. */
  checkSignInFailures(email: string): void {
    const wait = this.signInFailures.wait(email);
    if (wait > 0) throw requestRateLimit(wait);
  }

  signInFailed(email: string): void {
    this.signInFailures.take(email);
  }

  /**
   * Before a request that may mail `email`: refused while the address had a mail of this kind in
   * the last emailMaxFrequency seconds, or the gateway's hourly budget is spent. It is recorded
   * whether or not a mail then goes out (unknown or confirmed address), so the answer does not
   * reveal which addresses have accounts.
   */
  beforeMail(kind: MailKind, email: string): void {
    const key = `${kind}:${email}`;
    const frequencyMs = this.limits.emailMaxFrequency * 1000;
    const last = this.lastMail.get(key);
    if (frequencyMs > 0 && last !== undefined && this.now() - last < frequencyMs)
      throw emailFrequency(frequencyMs - (this.now() - last));
    const wait = this.emailBudget.wait('gateway');
    if (wait > 0) throw emailRateLimit(wait);
    if (frequencyMs > 0) {
      this.lastMail.set(key, this.now());
      if (this.lastMail.size > SWEEP_AT) this.sweepMails(frequencyMs);
    }
  }

  /** A mail went out: it counts against the hourly budget. */
  mailSent(): void {
    this.emailBudget.take('gateway');
  }

  private sweepMails(frequencyMs: number): void {
    for (const [key, at] of [...this.lastMail]) if (this.now() - at >= frequencyMs) this.lastMail.delete(key);
  }
}
