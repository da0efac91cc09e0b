// The zod schemas of the search RPCs' answers that no first screen reads (game_rating_stats,
// search_users, catalogue_page, the catalogue function's, which games-remote.ts reads too), loaded
// with the first call that needs one (remote.ts); each built on its first use.
import { lazySchema, z } from '../../core/zod.ts';

export const CatalogueAnswer = lazySchema(() =>
  z.object({
    success: z.boolean(),
    games: z._default(z.array(z.record(z.string(), z.unknown())), []),
    error: z.optional(z.string()),
  }),
);
export const Stats = lazySchema(() =>
  z.array(
    z.object({
      igdb_id: z.number(),
      game_id: z.number(),
      avg_user_rating: z.nullable(z.number()),
      user_rating_count: z.number(),
    }),
  ),
);
export const Users = lazySchema(() =>
  z.array(
    z.object({
      id: z.number(),
      username: z.string(),
      name: z._default(z.nullable(z.string()), null),
      bio: z._default(z.nullable(z.string()), null),
      avatar_url: z._default(z.nullable(z.string()), null),
    }),
  ),
);
export const CataloguePage = lazySchema(() =>
  z.object({ games: z.array(z.record(z.string(), z.unknown())), next: z.nullable(z.number()) }),
);
