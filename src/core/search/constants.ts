// The search spec's numbers (its validation rules and business constants), each named once. The
// spec's wording is quoted where it helps. Numbers marked "not in spec" are this module's own
// choices.

// Header search
/** "debounce 800 ms" */
export const HEADER_SEARCH_DEBOUNCE_MS = 800;
/** "Header search fires only for 2 or more characters"; also quick-search and recent searches. */
export const MIN_QUERY_LENGTH = 2;
/** "up to 8 suggestions" */
export const SUGGESTION_LIMIT = 8;
/** "Results are cached 300 s." */
export const HEADER_CACHE_TTL_S = 300;
/** "5 recent searches kept 86400 s (24 h)" */
export const RECENT_SEARCHES_KEPT = 5;
export const RECENT_SEARCHES_TTL_S = 86_400;
/** "users search limit 8" */
export const USER_SEARCH_LIMIT = 8;

// Browse
export const BROWSE_PAGE_SIZE = 20;
export const BROWSE_PAGE_BUTTONS = 5;
export const BROWSE_DEBOUNCE_MS = 2000;
export const PICKER_DEBOUNCE_MS = 300;
export const PICKER_RESULT_LIMIT = 20;
/** "the current year and the 49 before it, 50 in all" */
export const BROWSE_RELEASE_YEARS = 50;

// Sanitiser
/** "caps at 100 characters" */
export const QUERY_MAX_LENGTH = 100;

// In-memory cache
/** "default TTL 300 s; max 100 items; when over, evict the oldest 20%; cleanup every 300000 ms" */
export const MEMORY_CACHE_TTL_MS = 300_000;
export const MEMORY_CACHE_MAX_ITEMS = 100;
export const MEMORY_CACHE_EVICT_FRACTION = 0.2;
export const MEMORY_CACHE_CLEANUP_MS = 300_000;
/** Environment cache settings (seconds): "default TTL 3600, game 604800, search 1800, browser 300". */
export const ENV_CACHE_DEFAULT_TTL_S = 3600;
export const ENV_CACHE_GAME_TTL_S = 604_800;
export const ENV_CACHE_SEARCH_TTL_S = 1800;
export const ENV_CACHE_BROWSER_TTL_S = 300;
export const ENV_CACHE_BROWSER_MAX_ITEMS = 100;
export const ENV_DATABASE_CACHE_SIZE = 10_000;
/** "Database user and profile cache TTL 300000 ms." */
export const DB_PROFILE_CACHE_TTL_MS = 300_000;

// Search sizes and fallbacks
export const SEARCH_PAGE_SIZE = 50;
/** "75 for well-known franchise queries" */
export const FRANCHISE_SEARCH_PAGE_SIZE = 75;
export const GENRE_LOOKUP_LIMIT = 1000;
export const DEFAULT_SEARCH_LIMIT = 20;
export const QUICK_SEARCH_LIMIT = 20;
export const TOP_RATED_MIN_RATING_COUNT = 5;
/** "Fallback to external: threshold 1 game, max 20 results" */
export const EXTERNAL_FALLBACK_THRESHOLD = 1;
export const EXTERNAL_FALLBACK_MAX = 20;
/** "each auto-add followed by a 100 ms pause" */
export const AUTO_ADD_PAUSE_MS = 100;
/** "needs at least min(limit, 10) local games, otherwise adds franchise searches (5 each)" */
export const POPULAR_MIN_LOCAL = 10;
export const POPULAR_FRANCHISE_SEARCH_LIMIT = 5;
/** "Partial-match fallback when fewer than 10 results, limit 50." */
export const PARTIAL_MATCH_BELOW = 10;
export const PARTIAL_MATCH_LIMIT = 50;
/** "A query budget of 15 searches in total per search. Up to 8 series queries." */
export const QUERY_BUDGET = 15;
export const MAX_SERIES_QUERIES = 8;
/** "searchWithSequels takes half the limit from the first search (default limit 8)" */
export const SEQUELS_DEFAULT_LIMIT = 8;
/** "up to 5 variant queries … Each variant has limit 5 (10 for the franchise-name query)" */
export const MAX_VARIANT_QUERIES = 5;
export const VARIANT_LIMIT = 5;
export const FRANCHISE_VARIANT_LIMIT = 10;
/** "fewer than min(3, limit) results triggers up to 8 fallback queries with limit 3" */
export const FLAGSHIP_FALLBACK_BELOW = 3;
export const FLAGSHIP_FALLBACK_QUERIES = 8;
export const FLAGSHIP_FALLBACK_LIMIT = 3;
/** search_games_secure's limit_count: "150 original, 120 per expanded term, 50 per series term" */
export const SECURE_LIMIT_ORIGINAL = 150;
export const SECURE_LIMIT_EXPANDED = 120;
export const SECURE_LIMIT_SERIES = 50;

// Relevance scoring (database results)
/** "exact name 1000, prefix 800, contains 600" */
export const REL_NAME_EXACT = 1000;
export const REL_NAME_PREFIX = 800;
export const REL_NAME_CONTAINS = 600;
/** "summary match 200, description 150, genre 100, developer or publisher 300" */
export const REL_SUMMARY = 200;
export const REL_DESCRIPTION = 150;
export const REL_GENRE = 100;
export const REL_COMPANY = 300;
/** "Recency bonus: under 1 year 200, under 2 years 150, under 5 years 100, under 10 years 50." */
export const RECENCY_BONUS: readonly (readonly [years: number, bonus: number])[] = [
  [1, 200],
  [2, 150],
  [5, 100],
  [10, 50],
];
/** "Engagement capped at 500 and popularity at 300." */
export const ENGAGEMENT_CAP = 500;
export const POPULARITY_CAP = 300;

/** Title similarity: "exact 1000, article-stripped 950, prefix 900 (750 for edition, dlc and similar words)" */
export const TITLE_EXACT = 1000;
export const TITLE_ARTICLE_STRIPPED = 950;
export const TITLE_PREFIX = 900;
export const TITLE_PREFIX_EDITION = 750;

/** "Sister-game boosts: exact 300, sequel or prequel 200, sister 150, spin-off 100" */
export const SISTER_EXACT = 300;
export const SISTER_SEQUEL = 200;
export const SISTER_SISTER = 150;
export const SISTER_SPIN_OFF = 100;
/** "each times a confidence of 1, 0.9, 0.7, 0.5 by number distance" (index = distance, last for ≥ 3). */
export const SISTER_CONFIDENCE: readonly number[] = [1, 0.9, 0.7, 0.5];
/** "Genre overlap adds 200 at 0.8 or more, 100 at 0.5 or more, 50 at 0.3 or more." */
export const GENRE_OVERLAP_BONUS: readonly (readonly [overlap: number, bonus: number])[] = [
  [0.8, 200],
  [0.5, 100],
  [0.3, 50],
];
/** "Spin-off penalty -100." */
export const SPIN_OFF_PENALTY = -100;

/** "Fuzzy weights: name 100, alternative names 80, words 60, developer or publisher 30, summary 20, genres 10, normalised over 300." */
export const FUZZY_WEIGHT_NAME = 100;
export const FUZZY_WEIGHT_ALT_NAMES = 80;
export const FUZZY_WEIGHT_WORDS = 60;
export const FUZZY_WEIGHT_COMPANY = 30;
export const FUZZY_WEIGHT_SUMMARY = 20;
export const FUZZY_WEIGHT_GENRES = 10;
export const FUZZY_WEIGHT_TOTAL = 300;
/** "Threshold 0.08 known franchise, 0.12 otherwise." Minimum fuzzy relevance (1 − Fuse score). */
export const FUZZY_THRESHOLD_FRANCHISE = 0.08;
export const FUZZY_THRESHOLD = 0.12;
/** "keeps a result when its score is at least 0.12 of 260" */
export const RELEVANCE_CUT_FRACTION = 0.12;
export const RELEVANCE_CUT_SCALE = 260;

/** "Category priority weights: 0 gives 10000; 2 and 4 give 5000; 8, 9, 10 give 4000; 6 and 7 give 3000;
 * 11 and 14 give 2000; 1 and 13 give 1000; 3 gives 500; 5 and 12 give 100." */
export const CATEGORY_PRIORITY: Readonly<Record<number, number>> = {
  0: 10_000,
  2: 5000,
  4: 5000,
  8: 4000,
  9: 4000,
  10: 4000,
  6: 3000,
  7: 3000,
  11: 2000,
  14: 2000,
  1: 1000,
  13: 1000,
  3: 500,
  5: 100,
  12: 100,
};

/** "Score tiers: 1500 flagship base, 1200 famous, 1000 series, 800 main, 400 DLC, 200 community mod …, 100 low (mod)." */
export const TIER_FLAGSHIP = 1500;
export const TIER_FAMOUS = 1200;
export const TIER_SERIES = 1000;
export const TIER_MAIN = 800;
export const TIER_DLC = 400;
export const TIER_COMMUNITY_MOD = 200;
export const TIER_LOW = 100;
/** "Final score tier cut-offs: at least 1200, 1000, 800, 400, 200, else 100 (minimum 100)." */
export const TIER_CUTOFFS: readonly number[] = [1200, 1000, 800, 400, 200];

/** Bonuses and penalties. */
export const BONUS_MAIN_GAME = 50;
export const BONUS_REMAKE_REMASTER = 30;
export const PENALTY_PORT = -20;
/** "rating 90 or more +50, 80 or more +30, 70 or more +15, below 50 -25" */
export const RATING_BANDS: readonly (readonly [atLeast: number, bonus: number])[] = [
  [90, 50],
  [80, 30],
  [70, 15],
];
export const RATING_LOW_BELOW = 50;
export const RATING_LOW_PENALTY = -25;
/** "engagement 1000 or more +40, 500 or more +30, 100 or more +20, 50 or more +10" */
export const ENGAGEMENT_BANDS: readonly (readonly [atLeast: number, bonus: number])[] = [
  [1000, 40],
  [500, 30],
  [100, 20],
  [50, 10],
];
/** "user rating count 1000 or more +30, 100 or more +15, 10 or more +5" */
export const USER_RATING_COUNT_BANDS: readonly (readonly [atLeast: number, bonus: number])[] = [
  [1000, 30],
  [100, 15],
  [10, 5],
];
/** "Switch with Nintendo +100" */
export const BONUS_SWITCH_NINTENDO = 100;
/** "release within 1 year +20, within 3 years +10, 20 or more years old -10" */
export const RECENT_RELEASE_BANDS: readonly (readonly [withinYears: number, bonus: number])[] = [
  [1, 20],
  [3, 10],
];
export const OLD_RELEASE_YEARS = 20;
export const OLD_RELEASE_PENALTY = -10;
/** "mod or fan content -200; season -100; bundle -100 (-150 for a mod)" */
export const PENALTY_MOD = -200;
export const PENALTY_SEASON = -100;
export const PENALTY_BUNDLE = -100;
export const PENALTY_MOD_BUNDLE = -150;

/** Iconic-game table: "boost 400 to 500". */
export const ICONIC_BOOST_MIN = 400;
export const ICONIC_BOOST_MAX = 500;

/** "Mod-related content from a MODERATE company is kept only if released within 3 years." */
export const MODERATE_MOD_MAX_AGE_YEARS = 3;

export const SECONDS_PER_YEAR = 365.25 * 86_400;

// Local index (not in spec: this module's own tuning).
/** Fuse's own threshold (0 = perfect) for the typo fallback; the spec's 0.12/0.08 apply on top as a minimum relevance. */
export const FUSE_MATCH_THRESHOLD = 0.4;
/** At most this many candidates are collected per query; postings are in notability order. */
export const LOCAL_CANDIDATE_CAP = 1500;
/** Of those, this many (best by a cheap title check, then notability) are fully scored. */
export const LOCAL_SCORED_CAP = 150;
/** At most this many typo candidates go to Fuse. */
export const FUZZY_CANDIDATE_CAP = 80;
