// The catalogue search function (ARCHITECTURE §6): a plain `(Request) => Response` handler that
// Supabase Edge, Netlify and the local gateway all call. Placeholder until the search issue lands:
// it answers preflights and reports that search is not available yet.
import { jsonResponse, preflight } from '../_shared/cors.ts';

export interface CatalogueSearchResult {
  readonly success: boolean;
  readonly games: readonly unknown[];
  readonly error?: string;
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  const result: CatalogueSearchResult = { success: false, games: [], error: 'Catalogue search is not available yet' };
  return jsonResponse(result);
}

// On Supabase Edge (Deno) the module must start its own server; Netlify and the local gateway
// call the default export instead.
const deno = (globalThis as { Deno?: { serve?: (h: (req: Request) => Promise<Response>) => unknown } }).Deno;
if (typeof deno?.serve === 'function') deno.serve(handler);
