// The home page's shell as markup, for index.html (.config/vite/home-shell.ts puts it there): the hero in the
// words of home-hero.ts, in the markup React renders for it (features/home/home-page.tsx;
// home-hero.test.tsx holds the two equal). Only the build and the tests read this module, so the
// markup is not in the app's code.
import { HOME_HERO_TEXT } from './home-hero.ts';
import { escapeMarkup } from './markup.ts';

/**
 * The hero as React renders it (React Router's Link marks its links `data-discover`), with "Join
 * Community" inert until the app is in.
 */
export const HOME_HERO_HTML =
  '<section class="home-hero" aria-labelledby="home-title">' +
  `<p class="home-hero__eyebrow">${escapeMarkup(HOME_HERO_TEXT.eyebrow)}</p>` +
  `<h1 id="home-title" class="home-hero__title">${escapeMarkup(HOME_HERO_TEXT.title)}</h1>` +
  `<p class="home-hero__tagline">${escapeMarkup(HOME_HERO_TEXT.tagline)}</p>` +
  '<div class="home-hero__actions">' +
  `<a class="button button--primary home-hero__cta" href="/search" data-discover="true">${escapeMarkup(HOME_HERO_TEXT.explore)}</a>` +
  `<button type="button" class="button button--ghost home-hero__cta">${escapeMarkup(HOME_HERO_TEXT.join)}</button>` +
  '</div></section>';

/** Where the build puts the home page's shell in index.html. */
export const HOME_SHELL_PLACEHOLDER = '<!--home-shell-->';

/**
 * The home page's shell: the hero, and skeletons below it for the feature cards and the recent
 * reviews. The app's stylesheet shows it, and hides the other screens' skeleton, when index.html's
 * inline script has marked the page `data-shell="home"`.
 */
export const HOME_SHELL_HTML =
  '<main class="page home boot-home" aria-busy="true">' +
  '<p class="visually-hidden" role="status">Loading Checkpoint…</p>' +
  HOME_HERO_HTML +
  '<div class="skeleton"></div><div class="skeleton"></div></main>';
