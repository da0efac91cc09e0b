// The home page's hero (spec 000 §1): its words, and the same hero as markup for the page's shell.
// index.html's shell paints before the app's code has run; on the home page it shows this markup
// (the build puts it there, vite.config.ts) instead of the skeleton, so the hero's heading, the
// page's largest text, shows with the shell and not once React, the router and the database layer
// are in (issue 20 §3: Lighthouse's LCP). The React component (features/home/home-page.tsx)
// renders the same markup from the same words, so nothing moves when React takes the page over;
// home-hero.test.tsx holds the two equal.

export const HOME_HERO_TEXT = {
  eyebrow: 'Your games. Your ratings. Your people.',
  title: 'Track Your Games, Find the Next',
  tagline: 'Rate, review, and discover games through the power of social gaming.',
  explore: 'Explore Games',
  join: 'Join Community',
} as const;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The hero as React renders it (React Router's Link marks its links `data-discover`), with "Join
 * Community" inert until the app is in.
 */
export const HOME_HERO_HTML =
  '<section class="home-hero" aria-labelledby="home-title">' +
  `<p class="home-hero__eyebrow">${escapeHtml(HOME_HERO_TEXT.eyebrow)}</p>` +
  `<h1 id="home-title" class="home-hero__title">${escapeHtml(HOME_HERO_TEXT.title)}</h1>` +
  `<p class="home-hero__tagline">${escapeHtml(HOME_HERO_TEXT.tagline)}</p>` +
  '<div class="home-hero__actions">' +
  `<a class="button button--primary home-hero__cta" href="/search" data-discover="true">${escapeHtml(HOME_HERO_TEXT.explore)}</a>` +
  `<button type="button" class="button button--ghost home-hero__cta">${escapeHtml(HOME_HERO_TEXT.join)}</button>` +
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
