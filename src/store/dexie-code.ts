// Dexie's code on its own, for the page's first script to evaluate in a task of its own before the
// app's (src/app/boot.ts, LIBRARIES). Kept to the import(): boot.ts is small.
export const dexieCode = (): Promise<unknown> => import('dexie');
