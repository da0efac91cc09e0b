// The ranking of one game for one query: a single pure function (see scoreGame's doc comment).
import {
  BONUS_MAIN_GAME,
  CATEGORY_PRIORITY,
  BONUS_REMAKE_REMASTER,
  BONUS_SWITCH_NINTENDO,
  ENGAGEMENT_BANDS,
  ENGAGEMENT_CAP,
  GENRE_OVERLAP_BONUS,
  OLD_RELEASE_PENALTY,
  OLD_RELEASE_YEARS,
  PENALTY_BUNDLE,
  PENALTY_MOD,
  PENALTY_MOD_BUNDLE,
  PENALTY_PORT,
  PENALTY_SEASON,
  POPULARITY_CAP,
  RATING_BANDS,
  RATING_LOW_BELOW,
  RATING_LOW_PENALTY,
  RECENCY_BONUS,
  RECENT_RELEASE_BANDS,
  REL_COMPANY,
  REL_DESCRIPTION,
  REL_GENRE,
  REL_NAME_CONTAINS,
  REL_SUMMARY,
  SECONDS_PER_YEAR,
  SISTER_CONFIDENCE,
  SISTER_EXACT,
  SISTER_SEQUEL,
  SISTER_SISTER,
  SISTER_SPIN_OFF,
  SPIN_OFF_PENALTY,
  TIER_COMMUNITY_MOD,
  TIER_CUTOFFS,
  TIER_DLC,
  TIER_FAMOUS,
  TIER_FLAGSHIP,
  TIER_LOW,
  TIER_MAIN,
  TIER_SERIES,
  TITLE_ARTICLE_STRIPPED,
  TITLE_EXACT,
  TITLE_PREFIX,
  TITLE_PREFIX_EDITION,
  USER_RATING_COUNT_BANDS,
} from './constants.ts';
import { CATEGORY, effectiveCategory, isModContent } from './category.ts';
import { findIconic, hasPhrase } from './iconic.ts';
import { foldAccents, normalizeText } from './normalize.ts';
import { stripArticle, type PreparedQuery } from './query.ts';
import type { SearchGame } from './types.ts';

export interface ScoreContext {
  readonly nowSeconds: number;
  /** Genres of the best title match, for the genre-overlap bonus. */
  readonly referenceGenres?: readonly string[];
  /** Set by protection for mod content kept from a MOD_FRIENDLY company. */
  readonly communityMod?: boolean;
}

export interface GameScore {
  readonly score: number;
  readonly tier: number;
  /** Category priority weight, the first tie-break. */
  readonly categoryPriority: number;
  /** The title (or an alternative name) is exactly what was typed: such games come first. */
  readonly exactTitle: boolean;
}

const EDITION_WORDS =
  /\b(edition|dlc|pack|season pass|bundle|soundtrack|deluxe|upgrade|expansion|collection|costume|skin|episode|chapter)\b/;
const MAIN_LIKE: ReadonlySet<number> = new Set([
  CATEGORY.MAIN,
  CATEGORY.EXPANSION,
  CATEGORY.STANDALONE_EXPANSION,
  CATEGORY.REMAKE,
  CATEGORY.REMASTER,
  CATEGORY.EXPANDED,
  CATEGORY.PORT,
]);

const band = (value: number, bands: readonly (readonly [number, number])[]): number =>
  bands.find(([atLeast]) => value >= atLeast)?.[1] ?? 0;
const belowBand = (value: number, bands: readonly (readonly [number, number])[]): number =>
  bands.find(([limit]) => value < limit)?.[1] ?? 0;

function titleScore(name: string, q: PreparedQuery): number {
  if (name === q.text) return TITLE_EXACT;
  if (stripArticle(name) === q.articleStripped) return TITLE_ARTICLE_STRIPPED;
  if (name.startsWith(q.text))
    return EDITION_WORDS.test(name.slice(q.text.length)) ? TITLE_PREFIX_EDITION : TITLE_PREFIX;
  if (name.includes(q.text) || q.tokens.every((t) => name.includes(t))) return REL_NAME_CONTAINS;
  return 0;
}

function sisterBoost(name: string, q: PreparedQuery): number {
  if (q.number === undefined || q.base === '') return 0;
  const confidence = (distance: number) => SISTER_CONFIDENCE[Math.min(distance, SISTER_CONFIDENCE.length - 1)] ?? 0;
  if (!name.startsWith(`${q.base} `) && name !== q.base) {
    return hasPhrase(name, q.base) ? SISTER_SPIN_OFF * confidence(Infinity) + SPIN_OFF_PENALTY : 0;
  }
  const next = name.slice(q.base.length + 1).split(' ')[0] ?? '';
  if (!/^\d{1,2}$/.test(next)) return SISTER_SISTER * confidence(Infinity);
  const distance = Math.abs(Number(next) - q.number);
  return distance === 0 ? SISTER_EXACT : SISTER_SEQUEL * confidence(distance);
}

function genreOverlap(genres: readonly string[] | undefined, reference: readonly string[] | undefined): number {
  if (genres === undefined || reference === undefined || reference.length === 0) return 0;
  const shared = reference.filter((g) => genres.includes(g)).length;
  return band(shared / reference.length, GENRE_OVERLAP_BONUS);
}

/**
 * How well a game's own text answers the query, without the signals that do not depend on it
 * (recency, engagement, iconic boosts): title tier plus summary, description, genre and company
 * hits. Used for the relevance cut on remote results.
 */
export function matchRelevance(game: SearchGame, q: PreparedQuery): number {
  const has = (field: string | null | undefined) =>
    field != null && q.text !== '' && foldAccents(field).includes(q.text);
  let relevance = Math.max(
    titleScore(normalizeText(game.name), q),
    ...(game.alternative_names ?? []).map((n) => titleScore(normalizeText(n), q)),
  );
  if (has(game.summary)) relevance += REL_SUMMARY;
  if (has(game.description)) relevance += REL_DESCRIPTION;
  if ((game.genres ?? []).some(has)) relevance += REL_GENRE;
  if (has(game.developer) || has(game.publisher)) relevance += REL_COMPANY;
  return relevance;
}

/**
 * Scores one game for one query. Higher is better; every number is a named constant of
 * constants.ts.
 *
 * Relevance:
 * - Title (best of name and alternative names, folded): exact 1000; exact without a leading article 950;
 *   prefix 900 (750 when the rest says edition, DLC, pack…); contains the query or all its words 600.
 * - Fields: summary 200, description 150, a genre 100, developer or publisher 300.
 * - Recency: released under 1 year ago 200, under 2 years 150, under 5 years 100, under 10 years 50.
 * - Engagement (follows + hypes) up to 500; popularity up to 300.
 * - Sister games, for a query ending in a number: same number 300; sequel or prequel 200, sister (no number)
 *   150, spin-off (franchise words not at the start) 100 − 100 penalty; times a confidence of 1, 0.9, 0.7, 0.5
 *   by number distance.
 * - Genre overlap with the reference genres: ≥ 0.8 → 200, ≥ 0.5 → 100, ≥ 0.3 → 50.
 * - Iconic-game boost 400–500.
 *
 * Tier (added to the score and reported as the final tier):
 * - Base: flagship 1500, famous (iconic) 1200, series (names the query's franchise) 1000, main 800, DLC and
 *   other add-ons 400, community mod of a mod-friendly company 200, other mod 100.
 * - Main game +50; remake or remaster +30; port −20; rating ≥ 90 +50, ≥ 80 +30, ≥ 70 +15, < 50 −25;
 *   engagement ≥ 1000 +40, ≥ 500 +30, ≥ 100 +20, ≥ 50 +10; user ratings ≥ 1000 +30, ≥ 100 +15, ≥ 10 +5;
 *   Switch with Nintendo +100; released within 1 year +20, within 3 years +10, 20 or more years ago −10;
 *   mod or fan content −200 (not community mods); season −100; bundle −100 (−150 for a mod).
 * - Final tier: the first cut-off reached of 1200, 1000, 800, 400, 200, else 100.
 *
 * `normalizedName` may be passed by callers that folded the name already.
 */
export function scoreGame(game: SearchGame, q: PreparedQuery, ctx: ScoreContext, normalizedName?: string): GameScore {
  const name = normalizedName ?? normalizeText(game.name);
  const category = effectiveCategory(game);
  const mod = isModContent(game);
  const ageYears =
    game.first_release_date != null ? (ctx.nowSeconds - game.first_release_date) / SECONDS_PER_YEAR : undefined;
  const engagement = (game.follows ?? 0) + (game.hypes ?? 0);
  const has = (field: string | null | undefined) =>
    field != null && q.text !== '' && foldAccents(field).includes(q.text);

  const altNames = (game.alternative_names ?? []).map(normalizeText);
  const title = Math.max(titleScore(name, q), ...altNames.map((n) => titleScore(n, q)));
  let relevance = title;
  if (has(game.summary)) relevance += REL_SUMMARY;
  if (has(game.description)) relevance += REL_DESCRIPTION;
  if ((game.genres ?? []).some(has)) relevance += REL_GENRE;
  if (has(game.developer) || has(game.publisher)) relevance += REL_COMPANY;
  if (ageYears !== undefined && ageYears >= 0) relevance += belowBand(ageYears, RECENCY_BONUS);
  relevance += Math.min(engagement, ENGAGEMENT_CAP) + Math.min(game.popularity ?? 0, POPULARITY_CAP);
  relevance += sisterBoost(name, q) + genreOverlap(game.genres, ctx.referenceGenres);

  const iconic = findIconic([name, ...altNames], game.release_year);
  if (iconic !== undefined) relevance += iconic.boost;

  let tier = mod
    ? ctx.communityMod === true
      ? TIER_COMMUNITY_MOD
      : TIER_LOW
    : iconic?.flagship === true
      ? TIER_FLAGSHIP
      : iconic !== undefined
        ? TIER_FAMOUS
        : !MAIN_LIKE.has(category)
          ? TIER_DLC
          : q.franchise !== undefined && hasPhrase(name, q.franchise)
            ? TIER_SERIES
            : TIER_MAIN;
  if (category === CATEGORY.MAIN) tier += BONUS_MAIN_GAME;
  if (category === CATEGORY.REMAKE || category === CATEGORY.REMASTER) tier += BONUS_REMAKE_REMASTER;
  if (category === CATEGORY.PORT) tier += PENALTY_PORT;
  if (game.rating != null)
    tier += game.rating < RATING_LOW_BELOW ? RATING_LOW_PENALTY : band(game.rating, RATING_BANDS);
  tier +=
    band(engagement, ENGAGEMENT_BANDS) +
    band(game.user_rating_count ?? game.rating_count ?? 0, USER_RATING_COUNT_BANDS);
  const nintendo = [game.developer, game.publisher].some((c) => c != null && /nintendo/i.test(c));
  if (nintendo && (game.platforms ?? []).some((p) => /switch/i.test(p))) tier += BONUS_SWITCH_NINTENDO;
  if (ageYears !== undefined && ageYears >= 0) {
    tier += ageYears >= OLD_RELEASE_YEARS ? OLD_RELEASE_PENALTY : belowBand(ageYears, RECENT_RELEASE_BANDS);
  }
  // A community mod keeps its tier 200 ("kept as a community mod (tier 200)"); other fan content
  // pays.
  if (mod && ctx.communityMod !== true) tier += PENALTY_MOD;
  if (category === CATEGORY.SEASON) tier += PENALTY_SEASON;
  if (category === CATEGORY.BUNDLE) tier += mod ? PENALTY_MOD_BUNDLE : PENALTY_BUNDLE;

  const finalTier = TIER_CUTOFFS.find((cut) => tier >= cut) ?? TIER_LOW;
  return {
    score: relevance + tier,
    tier: finalTier,
    categoryPriority: categoryPriority(category),
    exactTitle: title >= TITLE_ARTICLE_STRIPPED,
  };
}

export const categoryPriority = (category: number): number => CATEGORY_PRIORITY[category] ?? 0;

/** The deterministic order of scored games: score, then category priority, then id. */
export function compareScored(
  a: { score: GameScore; game: SearchGame },
  b: { score: GameScore; game: SearchGame },
): number {
  // Typing a game's exact title finds that game first, whatever a newer sequel's bonuses add up to.
  return (
    Number(b.score.exactTitle) - Number(a.score.exactTitle) ||
    b.score.score - a.score.score ||
    b.score.categoryPriority - a.score.categoryPriority ||
    a.game.id - b.game.id
  );
}
