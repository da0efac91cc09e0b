// Every route of the app against the gateway's demo data, for the checks that visit them all
// (axe-routes.test.ts, no-overflow.test.ts).

// Demo members in seeding order (supabase/local/demo.ts): 1 pixel_pilgrim signs in (their own
// profile); 3 cozy_quests is another member.
export const PIXEL = 1;
export const COZY = 3;
export const CELESTE = 26226;

/** Every route of the app (src/app/screens.ts, plus home), each with what shows once it has rendered. */
export const ROUTES: ReadonlyArray<{ readonly path: string; readonly ready: string; readonly signedInOnly?: boolean }> =
  [
    { path: '/', ready: 'main h1' },
    { path: '/search', ready: '.browse-game' },
    { path: '/search-results?q=zelda', ready: '.result-list:not([aria-busy="true"]) li' },
    { path: `/game/${CELESTE}`, ready: 'main h1' },
    { path: '/users', ready: '.directory-card:not(.directory-card--skeleton)' },
    { path: `/user/${COZY}`, ready: 'main h1' },
    { path: `/user/${PIXEL}`, ready: 'main h1', signedInOnly: true },
    { path: `/review/${COZY}/${CELESTE}`, ready: 'main h1' },
    { path: `/review/${CELESTE}`, ready: 'main form, main h1', signedInOnly: true },
    { path: '/reset-password', ready: 'main h1' },
    { path: '/faq', ready: 'main h1' },
    { path: '/contact', ready: 'main h1' },
    { path: '/terms', ready: 'main h1' },
    { path: '/privacy', ready: 'main h1' },
    { path: '/no-such-page', ready: 'main h1' },
  ];
