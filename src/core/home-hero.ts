// The home page's hero: its words. The same hero as markup for the page's shell is in
// home-shell.ts, which only the build reads: the app's own code does without it.
// index.html's shell paints before the app's code has run; on the home page it shows that markup
// (the build puts it there, .config/vite/home-shell.ts) instead of the skeleton, so the hero's heading, the
// page's largest text, shows with the shell and not once React, the router and the database layer
// are in (Lighthouse's Largest Contentful Paint). The React component (features/home/home-page.tsx)
// renders the same markup from the same words, so nothing moves when React takes the page over;
// home-hero.test.tsx holds the two equal.
export const HOME_HERO_TEXT = {
  eyebrow: 'Your games. Your ratings. Your people.',
  title: 'Track Your Games, Find the Next',
  tagline: 'Rate, review, and discover games through the power of social gaming.',
  explore: 'Explore Games',
  join: 'Join Community',
} as const;
