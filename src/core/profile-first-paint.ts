// A profile's first visit painted with the page's shell, as a game page's is (game-first-paint.ts
// says why). A shared link to /user/{id} opened on a new device shows grey bars until the app's
// code (React, the router, Dexie, the profile: some 250 KB) is in, the member's rows have been read
// through and who is looking is known. The local gateway reads the profile as an anonymous reader
// would (get_profile) and writes the top of the page into the shell (supabase/local/first-paint.ts):
// the header as ProfileHeader renders it before the viewer is known, the tabs, and the Top 5 as a
// visitor sees it, in the markup React renders for them (profile-first-paint.test.tsx holds the
// two equal), so the member's name, stats and Top 5 show with the first paint and nothing moves
// when React takes over (profile-page.tsx keeps it on screen until its own Top 5 is ready).
// Here, without the DOM or React: the gateway renders it, a unit test holds it equal to React's.
import { releaseYearOf, type ReleaseFacts } from './dates.ts';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint.ts';
import { formatRating } from './format.ts';
import { escapeMarkup } from './markup.ts';
import { displayName, initialOf, joinedText, PROFILE_TABS, safeWebsite, splitPlatforms } from './profile.ts';
import { PROFILE_ICON_PATHS, type ProfileIconName } from './profile-icons.ts';
import { TOP5_TEXT } from './top5.ts';

/** What the header shows of a member (a UserRow, or get_profile's `user`). */
export interface PaintedUser {
  readonly id: number;
  readonly username: string;
  readonly name?: string | null;
  readonly display_name?: string | null;
  readonly bio?: string | null;
  readonly avatar_url?: string | null;
  readonly location?: string | null;
  readonly website?: string | null;
  readonly platform?: string | null;
  readonly created_at: string;
}

export interface PaintedStats {
  readonly games: number;
  readonly reviews: number;
  readonly lists: number;
  readonly following: number;
  readonly followers: number;
}

/** A Top 5 game (a TopFiveEntry, or one of get_profile's `top5`). */
export interface PaintedTopGame {
  readonly rating: number | null;
  readonly game: ReleaseFacts & { readonly id: number; readonly igdb_id: number | null; readonly name: string };
}

export interface PaintedProfile {
  readonly user: PaintedUser;
  readonly stats: PaintedStats;
  /** In rank order. */
  readonly top5: readonly PaintedTopGame[];
}

/** The Top 5's five places. */
const TOP_FIVE_SIZE = 5;
/** The header's avatar, CSS pixels (ProfileHeader's UserAvatar size). */
const AVATAR_SIZE = 112;
/** A Top 5 cover's width, CSS pixels (SlotBody's GameCover width). */
const SLOT_COVER_WIDTH = 56;

/** ProfileIcon's markup (features/profile/profile-icons.tsx renders the same paths). */
export function profileIconHtml(name: ProfileIconName, size = 16): string {
  return (
    `<svg class="profile-icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor"` +
    ' stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
    `<path d="${PROFILE_ICON_PATHS[name]}"></path></svg>`
  );
}

/** UserAvatar's markup before its image has loaded or failed. */
function avatarHtml(name: string, url: string | null | undefined, size: number): string {
  const style = `width:${size}px;height:${size}px;font-size:${Math.round(size * 0.42)}px`;
  if (!url)
    return `<span class="user-avatar user-avatar--initial" style="${style}" aria-hidden="true">${escapeMarkup(initialOf(name))}</span>`;
  return `<img class="user-avatar" src="${escapeMarkup(url)}" alt="" width="${size}" height="${size}" style="${style}" loading="lazy"/>`;
}

const STATS = [
  { key: 'games', label: 'Games', button: true },
  { key: 'reviews', label: 'Reviews', button: true },
  { key: 'lists', label: 'Lists', button: false },
  { key: 'following', label: 'Following', button: true },
  { key: 'followers', label: 'Followers', button: true },
] as const;

/** The profile's header exactly as ProfileHeader renders it while who is looking is not known. */
export function profileHeaderHtml(user: PaintedUser, stats: PaintedStats): string {
  const name = displayName(user);
  const joined = joinedText(user.created_at);
  const website = safeWebsite(user.website);
  const platforms = splitPlatforms(user.platform);
  const meta =
    (joined ? `<li>${profileIconHtml('calendar')} ${escapeMarkup(joined)}</li>` : '') +
    (user.location ? `<li>${profileIconHtml('pin')} ${escapeMarkup(user.location)}</li>` : '') +
    (website
      ? `<li>${profileIconHtml('link')} <a href="${escapeMarkup(website.href)}" target="_blank" rel="noopener noreferrer nofollow ugc">${escapeMarkup(website.label)}</a></li>`
      : '') +
    (platforms.length > 0
      ? `<li class="profile-header__platforms">${profileIconHtml('gamepad')}<span class="visually-hidden">Platforms:</span>` +
        platforms.map((p) => `<span class="profile-chip">${escapeMarkup(p)}</span>`).join('') +
        '</li>'
      : '');
  const statItems = STATS.map(({ key, label, button }) => {
    const body = `<span class="profile-stats__value">${stats[key]}</span> <span class="profile-stats__label">${label}</span>`;
    return (
      `<li class="profile-stats__item" data-stat="${key}">` +
      (button
        ? `<button type="button" class="profile-stats__button">${body}</button>`
        : `<span class="profile-stats__static">${body}</span>`) +
      '</li>'
    );
  }).join('');
  return (
    '<header class="profile-header card"><div class="profile-header__identity">' +
    avatarHtml(user.username, user.avatar_url, AVATAR_SIZE) +
    `<div class="profile-header__names"><h1 class="profile-header__username">${escapeMarkup(user.username)}</h1>` +
    (name !== user.username ? `<p class="profile-header__name">${escapeMarkup(name)}</p>` : '') +
    '</div><div class="profile-header__action"><span class="profile-header__action-pending" aria-hidden="true"></span></div></div>' +
    (user.bio ? `<p class="profile-header__bio">${escapeMarkup(user.bio)}</p>` : '') +
    `<ul class="profile-header__meta" aria-label="About">${meta}</ul>` +
    `<ul class="profile-stats" aria-label="Stats">${statItems}</ul>` +
    '</header>'
  );
}

/** A filled slot as StaticSlot renders it (its cover still the generated cover's empty box). */
function slotHtml(entry: PaintedTopGame, rank: number): string {
  const { game } = entry;
  const year = releaseYearOf(game);
  const height = Math.round((SLOT_COVER_WIDTH * 4) / 3);
  const rating =
    entry.rating !== null
      ? `<span class="top5-slot__rating" aria-label="Rated ${formatRating(entry.rating)} out of 10">★ ${formatRating(entry.rating)}</span>`
      : '';
  return (
    '<li class="top5-slot top5-slot--filled"><div class="top5-slot__body">' +
    `<span class="top5-slot__rank" aria-hidden="true">${rank}</span>` +
    `<span class="game-cover game-cover--generated top5-slot__cover" style="width:${SLOT_COVER_WIDTH}px;height:${height}px" aria-hidden="true"></span>` +
    '<div class="top5-slot__info">' +
    `<a class="top5-slot__name" draggable="false" href="/game/${game.igdb_id ?? game.id}" data-discover="true">` +
    `<span class="visually-hidden">Number ${rank}: </span>${escapeMarkup(game.name)}</a>` +
    `<span class="top5-slot__meta">${rating}${year !== null ? `<span>${year}</span>` : ''}</span>` +
    '</div></div></li>'
  );
}

/** The Top 5 exactly as TopFiveSection renders it to a visitor, once it has the list. */
export function topFiveHtml(top5: readonly PaintedTopGame[]): string {
  const title = '<h2 id="top5-title" class="top5__title ranked-list__title">Top 5</h2>';
  if (top5.length === 0)
    return (
      `<section class="top5 ranked-list" aria-labelledby="top5-title">${title}` +
      `<p class="top5__others-empty">${escapeMarkup(TOP5_TEXT.othersEmpty)}</p></section>`
    );
  const slots = Array.from({ length: TOP_FIVE_SIZE }, (_, i) => {
    const entry = top5[i];
    return entry
      ? slotHtml(entry, i + 1)
      : `<li class="top5-slot top5-slot--empty"><span class="top5-slot__rank" aria-hidden="true">${i + 1}</span><span class="top5-slot__placeholder">Empty slot</span></li>`;
  }).join('');
  return (
    '<section class="top5" aria-labelledby="top5-title" aria-busy="false">' +
    `<header class="top5__head ranked-list__head"><div>${title}</div></header>` +
    `<ol class="top5__slots" aria-label="Top 5">${slots}</ol>` +
    '<p class="visually-hidden" role="status" aria-live="polite"></p></section>'
  );
}

/** The tabs exactly as ProfileTabs renders them on the Top 5 tab, `panel` in the tab's panel; `base` prefixes their ids. */
export function profileTabsHtml(base: string, panel: string): string {
  const tabs = PROFILE_TABS.map(({ value, label }) => {
    const selected = value === 'top5';
    return (
      `<button type="button" role="tab" id="${base}-${value}" aria-selected="${selected}" aria-controls="${base}-${value}-panel"` +
      ` tabindex="${selected ? 0 : -1}" class="profile-tabs__tab">${label}</button>`
    );
  }).join('');
  return (
    '<section class="profile-tabs">' +
    `<div class="profile-tabs__list" role="tablist" aria-label="Profile sections">${tabs}</div>` +
    `<div class="profile-tabs__panel" role="tabpanel" id="${base}-top5-panel" aria-labelledby="${base}-top5">${panel}</div>` +
    '</section>'
  );
}

/** The ids' prefix in a first paint (React's own, from useId, differ: nothing refers to them before React does). */
const PAINTED_IDS = 'first-paint';

/**
 * A profile's first paint for `path`: its header, tabs and Top 5, in the page's classes. Busy
 * until the app is in: its buttons do nothing before.
 */
export function profileFirstPaintHtml(path: string, profile: PaintedProfile): string {
  return (
    `<main class="page profile-page" aria-busy="true" ${FIRST_PAINT_ATTRIBUTE}="${escapeMarkup(path)}">` +
    profileHeaderHtml(profile.user, profile.stats) +
    profileTabsHtml(PAINTED_IDS, topFiveHtml(profile.top5)) +
    '</main>'
  );
}
