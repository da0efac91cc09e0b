// Fan-content protection: hides seasons, unnamed bundles, '-e - ' cards and fan mods of
// companies that enforce their rights. Pure: `now` is passed in.
import { MODERATE_MOD_MAX_AGE_YEARS, SECONDS_PER_YEAR } from './constants.ts';
import { BUNDLE_NAME, CATEGORY, effectiveCategory, isModContent } from './category.ts';
import { FRANCHISE_OWNERS, hasPhrase } from './iconic.ts';
import { foldAccents, normalizeText } from './normalize.ts';
import type { SearchGame } from './types.ts';

export type ProtectionLevel = 'BLOCK_ALL' | 'AGGRESSIVE' | 'MODERATE' | 'MOD_FRIENDLY';
/** "Default MODERATE." */
export const DEFAULT_PROTECTION_LEVEL: ProtectionLevel = 'MODERATE';

/** The rights-enforcement company list, by folded company name. */
export const PROTECTED_COMPANIES: ReadonlyMap<string, ProtectionLevel> = new Map([
  ['the pokemon company', 'BLOCK_ALL'],
  ['game freak', 'BLOCK_ALL'],
  ['nintendo', 'AGGRESSIVE'],
  ['square enix', 'AGGRESSIVE'],
  ['take two interactive', 'AGGRESSIVE'],
  ['rockstar games', 'AGGRESSIVE'],
  ['konami', 'AGGRESSIVE'],
  ['capcom', 'MODERATE'],
  ['activision', 'MODERATE'],
  ['sega', 'MODERATE'],
  ['electronic arts', 'MODERATE'],
  ['bethesda softworks', 'MOD_FRIENDLY'],
  ['valve', 'MOD_FRIENDLY'],
  ['paradox interactive', 'MOD_FRIENDLY'],
  ['cd projekt red', 'MOD_FRIENDLY'],
  ['mojang', 'MOD_FRIENDLY'],
  ['id software', 'MOD_FRIENDLY'],
]);

const STRICTNESS: Readonly<Record<ProtectionLevel, number>> = {
  BLOCK_ALL: 3,
  AGGRESSIVE: 2,
  MODERATE: 1,
  MOD_FRIENDLY: 0,
};

/** The strictest level among the game's companies and the owners of franchises its title names. */
export function protectionLevel(game: SearchGame): ProtectionLevel {
  const companies = [game.developer, game.publisher, ...(game.involved_companies ?? [])]
    .filter((c): c is string => typeof c === 'string')
    .map((c) =>
      foldAccents(c)
        .replace(/[^a-z0-9]+/g, ' ')
        .trim(),
    );
  const title = normalizeText(game.name);
  for (const [franchise, owner] of FRANCHISE_OWNERS) {
    if (hasPhrase(title, franchise)) companies.push(foldAccents(owner));
  }
  let level: ProtectionLevel | undefined;
  for (const company of companies) {
    const found = [...PROTECTED_COMPANIES].find(([name]) => company === name || company.startsWith(`${name} `))?.[1];
    if (found !== undefined && (level === undefined || STRICTNESS[found] > STRICTNESS[level])) level = found;
  }
  return level ?? DEFAULT_PROTECTION_LEVEL;
}

/** "Titles matching a '-e - ...' pattern are removed" (e-Reader card sets). */
const E_CARD_TITLE = /-e\s+-\s/i;

export type Verdict = { readonly keep: false } | { readonly keep: true; readonly communityMod: boolean };

/** Whether one game survives protection, and whether it is kept as a community mod (tier 200). */
export function protectGame(game: SearchGame, nowSeconds: number): Verdict {
  const category = effectiveCategory(game);
  if (category === CATEGORY.SEASON) return { keep: false };
  if (category === CATEGORY.BUNDLE && !BUNDLE_NAME.test(game.name)) return { keep: false };
  if (E_CARD_TITLE.test(game.name)) return { keep: false };
  if (!isModContent(game)) return { keep: true, communityMod: false };
  switch (protectionLevel(game)) {
    // The spec does not show how BLOCK_ALL differs from AGGRESSIVE: both hide fan content here.
    case 'BLOCK_ALL':
    case 'AGGRESSIVE':
      return { keep: false };
    case 'MODERATE': {
      const released = game.first_release_date;
      const recent = released != null && nowSeconds - released <= MODERATE_MOD_MAX_AGE_YEARS * SECONDS_PER_YEAR;
      return recent ? { keep: true, communityMod: false } : { keep: false };
    }
    case 'MOD_FRIENDLY':
      return { keep: true, communityMod: true };
  }
}

/** Applies protection to a list: the kept games (order kept) and how many were filtered out. */
export function applyProtection<T extends SearchGame>(
  games: readonly T[],
  nowSeconds: number,
): { kept: T[]; filteredOut: number } {
  const kept = games.filter((g) => protectGame(g, nowSeconds).keep);
  return { kept, filteredOut: games.length - kept.length };
}
