// HS256 JWTs, as a Supabase project with a legacy JWT secret issues them: user access tokens and
// the anon / service_role API keys are all signed with one secret, and PostgREST and GoTrue both
// verify with it.
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';

export type Claims = JWTPayload & { role?: unknown };

export interface JwtKeys {
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  sign(claims: Record<string, unknown>): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

export type VerifyFailure = 'malformed' | 'signature' | 'expired' | 'claims';
export type VerifyResult =
  | { readonly ok: true; readonly claims: Claims }
  | { readonly ok: false; readonly reason: VerifyFailure; readonly message: string };

// Fixed issue and expiry times keep the API keys identical across restarts for one secret, so a
// build that baked in the anon key keeps working.
const API_KEY_IAT = 1_735_689_600; // 2025-01-01
const API_KEY_EXP = 2_051_222_400; // 2035-01-01
/** PostgREST allows this much clock skew on exp/iat/nbf. */
const CLOCK_SKEW_SECONDS = 30;

export async function createJwtKeys(secret: string): Promise<JwtKeys> {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  const apiKey = (role: string) => sign({ iss: 'supabase', ref: 'local', role, iat: API_KEY_IAT, exp: API_KEY_EXP });
  return {
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    sign,
    async verify(token) {
      const parts = token.split('.').length;
      if (parts !== 3) return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts}` };
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], clockTolerance: CLOCK_SKEW_SECONDS });
        return { ok: true, claims: payload };
      } catch (error) {
        return { ok: false, ...classify(error) };
      }
    },
  };
}

function classify(error: unknown): { reason: VerifyFailure; message: string } {
  if (error instanceof errors.JWTExpired) return { reason: 'expired', message: 'JWT expired' };
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return { reason: 'signature', message: 'JWSError JWSInvalidSignature' };
  if (error instanceof errors.JWTClaimValidationFailed) return { reason: 'claims', message: error.message };
  if (error instanceof errors.JOSEAlgNotAllowed)
    return { reason: 'signature', message: 'Wrong or unsupported encoding algorithm' };
  return { reason: 'malformed', message: 'JWT could not be decoded' };
}
