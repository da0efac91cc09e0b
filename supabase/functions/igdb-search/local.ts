// Local catalogue mode: every request kind answered from memory.
import { loadCatalogue } from './catalogue.ts';
import { evaluateQuery } from './evaluate.ts';
import type { GamesQuery } from './query.ts';
import type { CatalogueRequest } from './request.ts';
import type { IgdbGame } from './result.ts';

export async function answerLocally(request: CatalogueRequest, bulk: GamesQuery | undefined): Promise<IgdbGame[]> {
  const catalogue = await loadCatalogue();
  if (request.kind === 'search') {
    return catalogue.index.search(request.searchTerm, request.limit).flatMap((i): IgdbGame[] => {
      const game = catalogue.games[i];
      return game ? [game.game] : [];
    });
  }
  if (request.kind === 'getById') {
    const game = catalogue.byId.get(request.gameId);
    return game ? [game.game] : [];
  }
  return bulk ? evaluateQuery(catalogue, bulk) : [];
}
