// What a mailed or OAuth link brings to /auth/callback and /reset-password, and the spec's texts
// for each way it can fail. The session part may already have been read (and cleared from
// the address) by auth-js when the page loaded, so the address the app was opened at counts too.

export type LinkParams = ReadonlyMap<string, string>;

/** The query and hash parameters of the current address, and of the landing one when it was this path. */
export function linkParams(current: string, landing: string | null): LinkParams {
  const params = new Map<string, string>();
  const add = (href: string) => {
    const url = new URL(href);
    for (const [k, v] of url.searchParams) params.set(k, v);
    for (const [k, v] of new URLSearchParams(url.hash.replace(/^#/, ''))) params.set(k, v);
  };
  if (landing && new URL(landing).pathname === new URL(current).pathname) add(landing);
  add(current);
  return params;
}

export type LinkCheck =
  | { readonly kind: 'error'; readonly error: string; readonly code: string | undefined }
  | { readonly kind: 'tokens'; readonly accessToken: string; readonly refreshToken: string }
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'tokenHash'; readonly tokenHash: string; readonly type: string | undefined }
  | { readonly kind: 'none' };

/** What the link asks the page to do. */
export function readLink(params: LinkParams): LinkCheck {
  const error = params.get('error') ?? params.get('error_description') ?? params.get('error_code');
  if (error)
    return {
      kind: 'error',
      error: params.get('error') ?? '',
      code:
        params.get('error_code') ?? (params.get('error_description')?.match(/expired/i) ? 'otp_expired' : undefined),
    };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'tokens', accessToken, refreshToken };
  if (accessToken || refreshToken) return { kind: 'incomplete' };
  const tokenHash = params.get('token_hash') ?? params.get('token');
  if (tokenHash) return { kind: 'tokenHash', tokenHash, type: params.get('type') ?? undefined };
  return { kind: 'none' };
}

export const RESET_TEXT = {
  expired: 'Your password reset link has expired. Please request a new one.',
  denied: 'Access denied. Please request a new password reset link.',
  invalid: 'Invalid or expired reset link. Please request a new password reset.',
  unverifiable: 'Unable to verify reset link. Please try again or request a new password reset.',
  sessionExpired: 'Your session has expired. Please request a new password reset link.',
  timeout: 'Request timed out. Please try again.',
  updateFailed: 'Failed to update password. Please try again.',
} as const;

export const VERIFY_TEXT = {
  failed: 'Authentication failed',
  expired: 'Email verification link has expired. Please request a new one.',
  verifyFailed: 'Email verification failed',
  incomplete: 'Incomplete hash token data received',
  none: 'No valid authentication tokens received. Please try signing up again.',
  unexpected: 'An unexpected error occurred during authentication',
} as const;

const EXPIRED_CODES = new Set(['otp_expired', 'flow_state_expired']);
const INVALID_LINK_CODE = 'otp_invalid';
const SESSION_CODES = new Set([
  'session_not_found',
  'session_expired',
  'bad_jwt',
  'no_authorization',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'user_not_found',
  // The page's session is not a fresh reset link's (older than a day, or a plain sign-in), so the
  // server asks for the current password, which this page cannot: a new link is the way on.
  'current_password_required',
]);

/** A reset link that carries an error (GoTrue redirected with one). */
export function resetLinkError(error: string, code: string | undefined): string {
  if (code && EXPIRED_CODES.has(code)) return RESET_TEXT.expired;
  if (error === 'access_denied') return RESET_TEXT.denied;
  return RESET_TEXT.invalid;
}

/** A reset link whose token the server refused. */
export function resetCheckError(code: string | undefined, timedOut: boolean): string {
  if (timedOut) return RESET_TEXT.timeout;
  if (code && EXPIRED_CODES.has(code)) return RESET_TEXT.expired;
  if (code === undefined) return RESET_TEXT.unverifiable;
  return RESET_TEXT.invalid;
}

/** The new password was not saved. `message` is the server's text, shown when it says something specific. */
export function resetUpdateError(code: string | undefined, message: string | undefined, timedOut: boolean): string {
  if (timedOut) return RESET_TEXT.timeout;
  if ((code && SESSION_CODES.has(code)) || message === 'Auth session missing!') return RESET_TEXT.sessionExpired;
  if (code === 'same_password' || code === 'weak_password') return message ?? RESET_TEXT.updateFailed;
  return RESET_TEXT.updateFailed;
}

/** The verification (or OAuth) link failed. */
export function verifyError(step: 'link' | 'tokens' | 'tokenHash', code: string | undefined): string {
  if (code && EXPIRED_CODES.has(code)) return VERIFY_TEXT.expired;
  // otp_invalid: the local gateway's answer to a link it never issued (hosted GoTrue says otp_expired).
  if (step === 'tokenHash' || code === INVALID_LINK_CODE) return VERIFY_TEXT.verifyFailed;
  return VERIFY_TEXT.failed;
}
