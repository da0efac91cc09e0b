// The answer every request kind gets: {success, games, error?}, with the status to send it with.
import { jsonResponse } from '../_shared/cors.ts';

export type IgdbGame = Readonly<Record<string, unknown>>;

export interface CatalogueSearchResult {
  readonly success: boolean;
  readonly games: readonly IgdbGame[];
  readonly error?: string;
}

export function ok(games: readonly IgdbGame[]): Response {
  const result: CatalogueSearchResult = { success: true, games };
  return jsonResponse(result);
}

export function fail(status: number, error: string): Response {
  const result: CatalogueSearchResult = { success: false, games: [], error };
  return jsonResponse(result, status);
}

/** A client mistake the handler answers with a 4xx and a clear message, never a 500. */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
