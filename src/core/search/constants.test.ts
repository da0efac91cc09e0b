import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';

// The spec's numbers, checked against the spec's constants as written, so a changed constant is a
// conscious change.
describe('spec 001 constants', () => {
  it('header search, browse and sizes', () => {
    expect([C.HEADER_SEARCH_DEBOUNCE_MS, C.MIN_QUERY_LENGTH, C.SUGGESTION_LIMIT, C.HEADER_CACHE_TTL_S]).toEqual([
      800, 2, 8, 300,
    ]);
    expect([C.RECENT_SEARCHES_KEPT, C.RECENT_SEARCHES_TTL_S, C.USER_SEARCH_LIMIT]).toEqual([5, 86_400, 8]);
    expect([
      C.BROWSE_PAGE_SIZE,
      C.BROWSE_PAGE_BUTTONS,
      C.BROWSE_DEBOUNCE_MS,
      C.PICKER_DEBOUNCE_MS,
      C.PICKER_RESULT_LIMIT,
      C.BROWSE_RELEASE_YEARS,
    ]).toEqual([20, 5, 2000, 300, 20, 50]);
    expect([
      C.SEARCH_PAGE_SIZE,
      C.FRANCHISE_SEARCH_PAGE_SIZE,
      C.GENRE_LOOKUP_LIMIT,
      C.DEFAULT_SEARCH_LIMIT,
      C.QUICK_SEARCH_LIMIT,
    ]).toEqual([50, 75, 1000, 20, 20]);
    expect([C.TOP_RATED_MIN_RATING_COUNT, C.EXTERNAL_FALLBACK_THRESHOLD, C.EXTERNAL_FALLBACK_MAX]).toEqual([5, 1, 20]);
    expect([
      C.ENV_CACHE_DEFAULT_TTL_S,
      C.ENV_CACHE_GAME_TTL_S,
      C.ENV_CACHE_SEARCH_TTL_S,
      C.ENV_CACHE_BROWSER_TTL_S,
      C.ENV_CACHE_BROWSER_MAX_ITEMS,
      C.ENV_DATABASE_CACHE_SIZE,
      C.DB_PROFILE_CACHE_TTL_MS,
    ]).toEqual([3600, 604_800, 1800, 300, 100, 10_000, 300_000]);
  });
  it('fallbacks and variants', () => {
    expect([
      C.AUTO_ADD_PAUSE_MS,
      C.POPULAR_MIN_LOCAL,
      C.POPULAR_FRANCHISE_SEARCH_LIMIT,
      C.PARTIAL_MATCH_BELOW,
      C.PARTIAL_MATCH_LIMIT,
    ]).toEqual([100, 10, 5, 10, 50]);
    expect([
      C.QUERY_BUDGET,
      C.MAX_SERIES_QUERIES,
      C.SEQUELS_DEFAULT_LIMIT,
      C.MAX_VARIANT_QUERIES,
      C.VARIANT_LIMIT,
      C.FRANCHISE_VARIANT_LIMIT,
    ]).toEqual([15, 8, 8, 5, 5, 10]);
    expect([C.FLAGSHIP_FALLBACK_BELOW, C.FLAGSHIP_FALLBACK_QUERIES, C.FLAGSHIP_FALLBACK_LIMIT]).toEqual([3, 8, 3]);
    expect([C.SECURE_LIMIT_ORIGINAL, C.SECURE_LIMIT_EXPANDED, C.SECURE_LIMIT_SERIES]).toEqual([150, 120, 50]);
  });
  it('relevance, similarity, sister games, genre overlap', () => {
    expect([
      C.REL_NAME_EXACT,
      C.REL_NAME_PREFIX,
      C.REL_NAME_CONTAINS,
      C.REL_SUMMARY,
      C.REL_DESCRIPTION,
      C.REL_GENRE,
      C.REL_COMPANY,
    ]).toEqual([1000, 800, 600, 200, 150, 100, 300]);
    expect(C.RECENCY_BONUS).toEqual([
      [1, 200],
      [2, 150],
      [5, 100],
      [10, 50],
    ]);
    expect([C.ENGAGEMENT_CAP, C.POPULARITY_CAP]).toEqual([500, 300]);
    expect([C.TITLE_EXACT, C.TITLE_ARTICLE_STRIPPED, C.TITLE_PREFIX, C.TITLE_PREFIX_EDITION]).toEqual([
      1000, 950, 900, 750,
    ]);
    expect([C.SISTER_EXACT, C.SISTER_SEQUEL, C.SISTER_SISTER, C.SISTER_SPIN_OFF]).toEqual([300, 200, 150, 100]);
    expect(C.SISTER_CONFIDENCE).toEqual([1, 0.9, 0.7, 0.5]);
    expect(C.GENRE_OVERLAP_BONUS).toEqual([
      [0.8, 200],
      [0.5, 100],
      [0.3, 50],
    ]);
    expect(C.SPIN_OFF_PENALTY).toBe(-100);
  });
  it('fuzzy weights and thresholds', () => {
    expect([
      C.FUZZY_WEIGHT_NAME,
      C.FUZZY_WEIGHT_ALT_NAMES,
      C.FUZZY_WEIGHT_WORDS,
      C.FUZZY_WEIGHT_COMPANY,
      C.FUZZY_WEIGHT_SUMMARY,
      C.FUZZY_WEIGHT_GENRES,
      C.FUZZY_WEIGHT_TOTAL,
    ]).toEqual([100, 80, 60, 30, 20, 10, 300]);
    expect([C.FUZZY_THRESHOLD_FRANCHISE, C.FUZZY_THRESHOLD, C.RELEVANCE_CUT_FRACTION, C.RELEVANCE_CUT_SCALE]).toEqual([
      0.08, 0.12, 0.12, 260,
    ]);
  });
  it('category weights, tiers, bonuses', () => {
    expect(C.CATEGORY_PRIORITY).toEqual({
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
    });
    expect([
      C.TIER_FLAGSHIP,
      C.TIER_FAMOUS,
      C.TIER_SERIES,
      C.TIER_MAIN,
      C.TIER_DLC,
      C.TIER_COMMUNITY_MOD,
      C.TIER_LOW,
    ]).toEqual([1500, 1200, 1000, 800, 400, 200, 100]);
    expect(C.TIER_CUTOFFS).toEqual([1200, 1000, 800, 400, 200]);
    expect([C.BONUS_MAIN_GAME, C.BONUS_REMAKE_REMASTER, C.PENALTY_PORT, C.BONUS_SWITCH_NINTENDO]).toEqual([
      50, 30, -20, 100,
    ]);
    expect(C.RATING_BANDS).toEqual([
      [90, 50],
      [80, 30],
      [70, 15],
    ]);
    expect([C.RATING_LOW_BELOW, C.RATING_LOW_PENALTY]).toEqual([50, -25]);
    expect(C.ENGAGEMENT_BANDS).toEqual([
      [1000, 40],
      [500, 30],
      [100, 20],
      [50, 10],
    ]);
    expect(C.USER_RATING_COUNT_BANDS).toEqual([
      [1000, 30],
      [100, 15],
      [10, 5],
    ]);
    expect(C.RECENT_RELEASE_BANDS).toEqual([
      [1, 20],
      [3, 10],
    ]);
    expect([C.OLD_RELEASE_YEARS, C.OLD_RELEASE_PENALTY]).toEqual([20, -10]);
    expect([C.PENALTY_MOD, C.PENALTY_SEASON, C.PENALTY_BUNDLE, C.PENALTY_MOD_BUNDLE]).toEqual([-200, -100, -100, -150]);
    expect([C.ICONIC_BOOST_MIN, C.ICONIC_BOOST_MAX, C.QUERY_MAX_LENGTH, C.MODERATE_MOD_MAX_AGE_YEARS]).toEqual([
      400, 500, 100, 3,
    ]);
  });
});
