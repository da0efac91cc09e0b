// Not a plugin: the libraries that get a chunk of their own. src/app/boot.ts evaluates them one
// task each before the app's code (its LIBRARIES say why: imported with the app they were one task
// of some 400 ms on a slow phone); without a chunk of its own, the first import of a library would
// evaluate the app's whole chunk. vite.config.ts makes the chunk groups from this list, and
// preload-app.ts preloads them.

export const LIBRARY_CHUNKS = [
  { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// },
  { name: 'router', test: /node_modules\/react-router(-dom)?\// },
  { name: 'dexie', test: /node_modules\/dexie\// },
];
