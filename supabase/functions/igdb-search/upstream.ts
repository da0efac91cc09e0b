// Upstream mode: the request kinds as IGDB query text sent to `${IGDB_API_URL}/games`.
import { getEnv } from '../_shared/env.ts';
import { ALLOWED_FIELDS, serializeQuery, type GamesQuery } from './query.ts';
import type { CatalogueRequest } from './request.ts';
import type { IgdbGame } from './result.ts';
import { forgetToken, getToken, upstreamFetch, UpstreamError, type IgdbCredentials } from './twitch-token.ts';

const RETURN_FIELDS = [...ALLOWED_FIELDS].join(',');

export function igdbCredentials(): IgdbCredentials | undefined {
  const clientId = getEnv('IGDB_CLIENT_ID');
  const clientSecret = getEnv('IGDB_CLIENT_SECRET');
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    tokenUrl: getEnv('IGDB_TOKEN_URL') ?? 'https://id.twitch.tv/oauth2/token',
    apiUrl: (getEnv('IGDB_API_URL') ?? 'https://api.igdb.com/v4').replace(/\/+$/, ''),
  };
}

export function searchQueryText(term: string, limit: number): string {
  const safe = term.replace(/["\\]/g, ' ').replace(/\s+/g, ' ').trim();
  return `search "${safe}"; fields ${RETURN_FIELDS}; limit ${limit}; where version_parent = null;`;
}

export function upstreamQueryText(request: CatalogueRequest, bulk: GamesQuery | undefined): string {
  if (request.kind === 'search') return searchQueryText(request.searchTerm, request.limit);
  if (request.kind === 'getById') return `fields ${RETURN_FIELDS}; where id = ${request.gameId}; limit 1;`;
  if (!bulk) throw new Error('bulk query missing');
  return serializeQuery(bulk);
}

export async function queryIgdb(creds: IgdbCredentials, queryText: string): Promise<IgdbGame[]> {
  const token = await getToken(creds);
  const res = await upstreamFetch(`${creds.apiUrl}/games`, {
    method: 'POST',
    headers: {
      'Client-ID': creds.clientId,
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      'Content-Type': 'text/plain',
    },
    body: queryText,
  });
  if (res.status === 401) forgetToken();
  if (!res.ok) throw new UpstreamError(res.status);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new UpstreamError(502);
  return body.filter((g): g is IgdbGame => typeof g === 'object' && g !== null);
}
