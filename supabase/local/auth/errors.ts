// GoTrue's error bodies. Clients that send `X-Supabase-Api-Version: 2024-01-01` (auth-js does)
// get `{code, message}` and the version header echoed; older clients get `{code: status,
// error_code, msg}`. auth-js reads the error code from either shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from '../http.ts';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

export class AuthApiError extends Error {
  override name = 'AuthApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidCredentials = () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthApiError(400, 'validation_failed', message);
export const otpExpired = () => new AuthApiError(403, 'otp_expired', 'Email link is invalid or has expired');
/**
 * A link this gateway never issued (mail.ts wasIssuedHere). GoTrue answers otp_expired here too; the
 * gateway's own code lets the app say 'Email verification failed' instead of "expired".
 */
export const otpInvalid = () => new AuthApiError(403, 'otp_invalid', 'Email link is invalid');
export const weakPassword = () =>
  new AuthApiError(422, 'weak_password', 'Password should be at least 6 characters.', {
    weak_password: { reasons: ['length'] },
  });
export const pkceUnsupported = () =>
  validationFailed(
    "The local gateway supports only the implicit flow; create the client with auth.flowType 'implicit'.",
  );

/** The API version the client asked for, when it is one we know; echoed on every auth answer. */
export function requestedApiVersion(req: IncomingMessage): string | undefined {
  const asked = header(req, API_VERSION_HEADER);
  return asked !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= API_VERSION_2024
    ? API_VERSION_2024
    : undefined;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthApiError): void {
  const version = requestedApiVersion(req);
  const headers: Record<string, string> = { ...error.headers, ...(version ? { [API_VERSION_HEADER]: version } : {}) };
  const body = version
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  sendJson(res, error.status, body, headers);
}
