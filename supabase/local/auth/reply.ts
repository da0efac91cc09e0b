// The request and answer shapes of the auth handlers; routes.ts turns them into HTTP.
import type { IncomingMessage } from 'node:http';

export interface AuthRequest {
  readonly req: IncomingMessage;
  readonly url: URL;
  /** The JSON body (an empty object for GET or an empty body). */
  readonly body: Record<string, unknown>;
  /** The origin a trusted proxy says the request was made to (origin.ts); undefined otherwise. */
  readonly requestOrigin?: string;
}

export type AuthReply =
  { readonly status: number; readonly json?: unknown } | { readonly redirect: string; readonly status: 302 | 303 };

export const ok = (json: unknown): AuthReply => ({ status: 200, json });

export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** auth-js always sends code_challenge (null in the implicit flow). */
export function wantsPkce(body: Record<string, unknown>, url: URL): boolean {
  return (
    (typeof body.code_challenge === 'string' && body.code_challenge !== '') || url.searchParams.has('code_challenge')
  );
}
