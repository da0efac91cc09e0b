// Gathers the app's own modules into one chunk ('main'): the modules src/app/main.tsx imports
// statically, less those the page's first script (src/app/boot.ts) imports itself. Split along
// every route's sharing, the app came to some 70 files of 1–3 KB and a first visit waited on ~35
// requests; vite.config.ts's chunk groups read the set this plugin fills once the build has parsed
// every module.
import type { Plugin } from 'vite';

/**
 * The modules the app's entry (main.tsx) imports statically, less those the page's first script
 * (boot.ts) imports itself, found once the build has parsed every module. The app loads them on
 * every visit before any screen, so they go into the entry's own chunk. Otherwise every module a
 * lazy screen shares with the app is split into a chunk of its own (React, the router, Dexie, the
 * live queries...) and a first visit asks for each: over HTTP/1.1's six connections, each costs a
 * round trip in which its share of the bandwidth goes unused. boot.ts's own imports stay out, so
 * it runs (and asks for the first screen's code) without waiting for the app's download.
 */
export const appOnlyModules = new Set<string>();
export function collectAppModules(app = '/src/app/main.tsx', boot = '/src/app/boot.ts'): Plugin {
  return {
    name: 'checkpoint:app-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticGraph = (entry: string): Set<string> => {
        const start = ids.find((id) => id.endsWith(entry));
        if (!start) throw new Error(`checkpoint:app-modules: no module ${entry}`);
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        visit(start);
        return seen;
      };
      const bootGraph = staticGraph(boot);
      appOnlyModules.clear();
      for (const id of staticGraph(app)) if (!bootGraph.has(id)) appOnlyModules.add(id);
    },
  };
}
