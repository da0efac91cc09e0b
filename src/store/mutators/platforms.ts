// The platform a review was played on, as app.review_platform picks it: platform_id when given,
// else the platform named (case-insensitive). The server refuses an unknown one ('Platform "…"
// not found in database'); the mirror may hold only some platforms, so here an id is taken as
// given and an unknown name is left null for the server to settle — never a refusal the server
// would not make.
import type { CheckpointDb } from '../db.ts';
import { btrim } from './rows.ts';
import { inScope } from './scope.ts';

export interface PlatformChoice {
  platform_id?: number | null;
  platform?: string | null;
}

/** Whether the args choose a platform at all (review.update changes it only then). */
export function choosesPlatform(a: PlatformChoice): boolean {
  return a.platform_id !== undefined || a.platform !== undefined;
}

export async function resolvePlatform(db: CheckpointDb, a: PlatformChoice): Promise<number | null> {
  if (a.platform_id !== undefined && a.platform_id !== null) return a.platform_id;
  const name = btrim(a.platform ?? '');
  // Platforms are read only when the caller's transaction covers them (APPLY_TABLES does).
  if (name === '' || !inScope(db, 'platforms')) return null;
  const match = await db.platforms.where('name').equalsIgnoreCase(name).first();
  return match?.id ?? null;
}
