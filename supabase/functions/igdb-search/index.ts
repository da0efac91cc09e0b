// The catalogue search function (the app merges and ranks its answers with local results:
// src/core/search/CONTEXT.md): a plain `(Request) => Promise<Response>` handler that Supabase
// Edge, Netlify and the local gateway all call. With IGDB credentials it asks IGDB; without them
// it answers from the local catalogue. No runtime APIs are touched at load.
import { preflight } from '../_shared/cors.ts';
import { readJsonBody } from './body.ts';
import { answerLocally } from './local.ts';
import type { GamesQuery } from './query.ts';
import { parseGamesQuery } from './query-parse.ts';
import { unsupported } from './query-tokens.ts';
import { parseRequest } from './request.ts';
import { ClientError, fail, ok } from './result.ts';
import { UpstreamError } from './twitch-token.ts';
import { igdbCredentials, queryIgdb, upstreamQueryText } from './upstream.ts';

export type { CatalogueSearchResult } from './result.ts';

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return fail(405, 'Method not allowed: use POST');
  try {
    const request = parseRequest(await readJsonBody(req));
    let bulk: GamesQuery | undefined;
    if (request.kind === 'bulk') {
      if (request.endpoint !== 'games') throw unsupported(`endpoint "${request.endpoint}" is not allowed`);
      bulk = parseGamesQuery(request.requestBody);
    }
    if (request.kind === 'search' && request.searchTerm === '') return ok([]);
    const creds = igdbCredentials();
    const games = creds ? await queryIgdb(creds, upstreamQueryText(request, bulk)) : await answerLocally(request, bulk);
    return ok(games);
  } catch (error) {
    if (error instanceof ClientError) return fail(error.status, error.message);
    if (error instanceof UpstreamError) return fail(502, error.message);
    return fail(500, 'Catalogue search failed');
  }
}

// On Supabase Edge (Deno) the module must start its own server; Netlify and the local gateway
// call the default export instead.
const deno = (globalThis as { Deno?: { serve?: (h: (req: Request) => Promise<Response>) => unknown } }).Deno;
if (typeof deno?.serve === 'function') deno.serve(handler);
