// The three request kinds, checked by hand: the function imports no package, so the
// Supabase CLI bundles it (and `deno check` checks it) without fetching anything from a registry.
import { ClientError } from './result.ts';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
const MAX_SEARCH_TERM = 200;
const MAX_ENDPOINT = 100;
const MAX_REQUEST_BODY = 4000;

export type CatalogueRequest =
  | { readonly kind: 'search'; readonly searchTerm: string; readonly limit: number }
  | { readonly kind: 'getById'; readonly gameId: number }
  | { readonly kind: 'bulk'; readonly endpoint: string; readonly requestBody: string };

type Body = Readonly<Record<string, unknown>>;

/** Collects every problem of one body, then throws them as one 400. */
class Problems {
  private readonly list: string[] = [];

  text(body: Body, key: string, max: number): string {
    const value = body[key];
    if (typeof value === 'string' && value.length <= max) return value;
    this.list.push(`${key}: must be a string of at most ${max} characters`);
    return '';
  }

  add(problem: string): void {
    this.list.push(problem);
  }

  throwAny(): void {
    if (this.list.length > 0) throw new ClientError(400, `Invalid request: ${this.list.join('; ')}`);
  }
}

function parseSearch(body: Body): CatalogueRequest {
  const problems = new Problems();
  const searchTerm = problems.text(body, 'searchTerm', MAX_SEARCH_TERM);
  const limit = body.limit === undefined ? DEFAULT_LIMIT : body.limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    problems.add(`limit: must be an integer from 1 to ${MAX_LIMIT}`);
  }
  problems.throwAny();
  return { kind: 'search', searchTerm: searchTerm.trim(), limit: Number(limit) };
}

function parseGetById(body: Body): CatalogueRequest {
  const problems = new Problems();
  if (body.type !== 'getById') problems.add('type: must be "getById"');
  const id = body.gameId;
  const gameId = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id;
  if (typeof gameId !== 'number' || !Number.isSafeInteger(gameId) || gameId < 1)
    problems.add('gameId: must be a positive integer');
  problems.throwAny();
  return { kind: 'getById', gameId: Number(gameId) };
}

function parseBulk(body: Body): CatalogueRequest {
  const problems = new Problems();
  if (body.isBulkRequest !== true) problems.add('isBulkRequest: must be true');
  const endpoint = problems.text(body, 'endpoint', MAX_ENDPOINT);
  const requestBody = problems.text(body, 'requestBody', MAX_REQUEST_BODY);
  problems.throwAny();
  return { kind: 'bulk', endpoint, requestBody };
}

export function parseRequest(body: unknown): CatalogueRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ClientError(400, 'Invalid request: the body must be a JSON object');
  }
  const fields: Body = { ...body };
  if ('isBulkRequest' in fields) return parseBulk(fields);
  if ('type' in fields) return parseGetById(fields);
  if ('searchTerm' in fields) return parseSearch(fields);
  throw new ClientError(
    400,
    'Invalid request: expected {searchTerm, limit}, {type: "getById", gameId} or {isBulkRequest: true, endpoint, requestBody}',
  );
}
