// PostgREST's error bodies ({code, message, details, hint}) and its HTTP status for each SQLSTATE
// (PostgREST's mapSQLtoHTTP), so a database error reaches supabase-js exactly as hosted Supabase
// would deliver it.

export interface PgrstError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly headers?: Record<string, string>;
}

export const pgrstError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers?: Record<string, string>,
): PgrstError => ({ status, code, message, details, hint, headers });

export interface PgErrorFields {
  readonly code: string;
  readonly message: string;
  readonly detail?: string;
  readonly hint?: string;
}

/** node-postgres and PGlite both throw errors carrying the server's SQLSTATE, detail and hint. */
export function asPgError(error: unknown): PgErrorFields | undefined {
  if (!(error instanceof Error) || !('severity' in error) || !('code' in error)) return undefined;
  const { code } = error;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : undefined;
  const hint = 'hint' in error && typeof error.hint === 'string' ? error.hint : undefined;
  return { code, message: error.message, detail, hint };
}

/** `authed`: the caller is not the anon role (a permission error is then 403, not 401). */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409, // foreign_key_violation
    '23505': 409, // unique_violation
    '25006': 405, // read_only_sql_transaction (e.g. a volatile function called with GET)
    '53400': 500, // configuration limit exceeded
    '57P01': 503, // terminating connection due to administrator command
    P0001: 400, // RAISE EXCEPTION default
    '42P01': 404, // undefined_table
    '42P17': 500, // infinite recursion
  };
  if (code in exact) return exact[code] ?? 500;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42501') return authed ? 403 : 401;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  const cls = code.slice(0, 2);
  if (cls in byClass) return byClass[cls] ?? 500;
  // RAISE … USING ERRCODE = 'PT404' chooses the status itself.
  if (cls === 'PT') {
    const status = Number(code.slice(2));
    return status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

export function fromPgError(error: PgErrorFields, authed: boolean): PgrstError {
  const status = statusForSqlState(error.code, error.message, authed);
  const headers = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : undefined;
  return pgrstError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}
