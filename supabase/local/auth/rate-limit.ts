// GoTrue's rate limits, kept in memory per gateway: token buckets per client IP for sign-in and
// sign-up, token refresh, verification and the mail-sending endpoints; growing waits after failed
// sign-ins to one address from one network; one mail per address and kind per SMTP_MAX_FREQUENCY;
// a gateway-wide budget of mails per hour; and RPC calls per member and per IP (rest.ts).
// A refusal is a 429 with a Retry-After header, in GoTrue's wire format (errors.ts) or PostgREST's.
import type { IncomingMessage } from 'node:http';
import { header } from '../http.ts';
import { AuthApiError } from './errors.ts';
import type { MailKind } from './mail.ts';

const MINUTE = 60_000;
const FIVE_MINUTES = 5 * MINUTE;
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
  /**
   * Failed password checks for one address from one network (IPv4 /24, IPv6 /64) before each
   * further one waits, from SIGN_IN_DELAY_BASE_MS doubling up to SIGN_IN_DELAY_MAX_MS (not a GoTrue
   * setting). Keyed by network too, so guesses never lock the owner out from another one.
   */
  readonly signInFailures: number;
  /** RPC calls (/rest/v1/rpc/*) per minute per signed-in member (the JWT's sub); a burst of a minute's worth. */
  readonly rpcPerMember: number;
  /** RPC calls per minute per IP, signed in or not; a burst of a minute's worth. */
  readonly rpcPerIp: number;
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
  signInFailures: 5,
  // An import pushes its batches (PUSH_BATCH_SIZE mutations each) back to back and pulls after:
  // 5,000 rows are about 50 calls. A busy member stays far under 20 a second.
  rpcPerMember: 1200,
  // A household or office shares one address; the bench's 880 back-to-back reads fit in the burst.
  rpcPerIp: 3000,
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
  rpcPerMember: 0,
  rpcPerIp: 0,
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
    burst = MAX_BURST,
  ) {
    this.capacity = Math.min(limit, burst);
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
const failureKey = (email: string, ip: string) => `${email}\n${networkOf(ip)}`;

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

/** The first wait after signInFailures failures; each further failure doubles it, up to the cap. */
export const SIGN_IN_DELAY_BASE_MS = 2_000;
export const SIGN_IN_DELAY_MAX_MS = 15 * MINUTE;
/** Failures of one address and network are forgotten after this long without another. */
const SIGN_IN_FAILURES_FORGOTTEN_MS = 24 * 60 * MINUTE;

/**
 * The network an address belongs to, as one household or provider holds it: an IPv4 /24 or an
 * IPv6 /64. An attacker moving within their own network stays in one key; the owner elsewhere is in another.
 */
export function networkOf(ip: string): string {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = (ip.toLowerCase().split('%')[0] ?? '').split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  const prefix = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}

interface Failures {
  count: number;
  lastAt: number;
  /** No password is checked for this key before this time. */
  until: number;
}

export class RateLimiter {
  private readonly perIp: Record<IpLimit, Buckets>;
  private readonly rpcMember: Buckets;
  private readonly rpcIp: Buckets;
  private readonly failures = new Map<string, Failures>();
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
    this.rpcMember = new Buckets(limits.rpcPerMember, MINUTE, now, limits.rpcPerMember);
    this.rpcIp = new Buckets(limits.rpcPerIp, MINUTE, now, limits.rpcPerIp);
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

  /**
   * Before a password is checked for `email` from `ip`: refused while that address and network
   * wait after their failures. Another network, the owner's, is never held up by them.
   */
  checkSignInFailures(email: string, ip: string): void {
    const entry = this.failures.get(failureKey(email, ip));
    if (entry && entry.until > this.now()) throw requestRateLimit(entry.until - this.now());
  }

  /** A wrong password: past signInFailures of them, each further one waits twice as long. */
  signInFailed(email: string, ip: string): void {
    const threshold = this.limits.signInFailures;
    if (threshold <= 0) return;
    const key = failureKey(email, ip);
    const now = this.now();
    const old = this.failures.get(key);
    const count = old && now - old.lastAt < SIGN_IN_FAILURES_FORGOTTEN_MS ? old.count + 1 : 1;
    const over = count - threshold;
    const until = over >= 0 ? now + Math.min(SIGN_IN_DELAY_MAX_MS, SIGN_IN_DELAY_BASE_MS * 2 ** Math.min(over, 30)) : 0;
    this.failures.set(key, { count, lastAt: now, until });
    if (this.failures.size > SWEEP_AT) {
      for (const [k, f] of [...this.failures])
        if (now - f.lastAt >= SIGN_IN_FAILURES_FORGOTTEN_MS) this.failures.delete(k);
    }
  }

  /** The right password from this network: its count starts again. */
  signInSucceeded(email: string, ip: string): void {
    this.failures.delete(failureKey(email, ip));
  }

  /**
   * Before an RPC call: one call from `ip`, and from the member `sub` when signed in. Returns the
   * seconds to wait when refused (nothing is spent then), else 0.
   */
  rpcWait(ip: string, sub: string | undefined): number {
    const waits = [this.rpcIp.wait(ip), sub ? this.rpcMember.wait(sub) : 0];
    const wait = Math.max(...waits);
    if (wait > 0) return seconds(wait);
    this.rpcIp.take(ip);
    if (sub) this.rpcMember.take(sub);
    return 0;
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
