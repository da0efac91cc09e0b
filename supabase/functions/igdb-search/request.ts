// The three request kinds (spec 001 §7), validated with zod.
import { z } from 'zod';
import { ClientError } from './result.ts';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;

const searchSchema = z.object({
  searchTerm: z.string().max(200, 'searchTerm must be at most 200 characters'),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
});
const getByIdSchema = z.object({
  type: z.literal('getById'),
  gameId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/, 'gameId must be a positive integer').transform(Number)]),
});
const bulkSchema = z.object({
  isBulkRequest: z.literal(true),
  endpoint: z.string().max(100),
  requestBody: z.string().max(4000, 'requestBody must be at most 4000 characters'),
});

export type CatalogueRequest =
  | { readonly kind: 'search'; readonly searchTerm: string; readonly limit: number }
  | { readonly kind: 'getById'; readonly gameId: number }
  | { readonly kind: 'bulk'; readonly endpoint: string; readonly requestBody: string };

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  throw new ClientError(400, `Invalid request: ${detail}`);
}

export function parseRequest(body: unknown): CatalogueRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ClientError(400, 'Invalid request: the body must be a JSON object');
  }
  if ('isBulkRequest' in body) {
    const r = check(bulkSchema, body);
    return { kind: 'bulk', endpoint: r.endpoint, requestBody: r.requestBody };
  }
  if ('type' in body) {
    const r = check(getByIdSchema, body);
    return { kind: 'getById', gameId: r.gameId };
  }
  if ('searchTerm' in body) {
    const r = check(searchSchema, body);
    return { kind: 'search', searchTerm: r.searchTerm.trim(), limit: r.limit ?? DEFAULT_LIMIT };
  }
  throw new ClientError(400, 'Invalid request: expected {searchTerm, limit}, {type: "getById", gameId} or {isBulkRequest: true, endpoint, requestBody}');
}
