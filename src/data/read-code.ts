// The code of the reads that go to the server, loaded on demand (the home page's JavaScript budget,
// docs/decisions/0006-first-visit-javascript-budget.md). One loader per read, shared by the code
// that runs the read (live.ts, search-provider.tsx) and by app/screens.ts, which asks for it with
// the screen that will run it. Free of static imports: boot.ts, the page's first script, reaches
// this module.

/** Read-through and its zod-checked remote (a game page, a profile, a review). */
export const readThroughCode = () => Promise.all([import('../sync/read-through.ts'), import('./remote.ts')]);

/** The search RPCs with their zod checks (browse, results, the header's search). */
export const searchRemoteCode = () => import('./search/remote.ts');

/** The search service: the device's index, ranking and merging (the header's search, browse, results). */
export const searchServiceCode = () => import('./search/service.ts');
