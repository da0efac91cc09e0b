// Lists the app's code in index.html as module preloads, so it downloads while the shell paints.
// The app's entry (src/app/main.tsx) is imported by src/app/boot.ts after the shell's first paint;
// without these links each of its files, and each library boot.ts imports before it, was asked for
// only once the one before had been evaluated: round trips in a row before the app could start.
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { chunkFiles } from './chunk-files.ts';
import { LIBRARY_CHUNKS } from './library-chunks.ts';

/**
 * index.html gets a module preload for the app's entry and for every chunk it imports statically,
 * and links its stylesheets (render-blocking, as the shell needs them for its first paint), and
 * the same for the libraries boot.ts imports before it. The preloads ask for a low priority: the
 * stylesheets, which the first paint waits for, go first.
 */
export function preloadAppEntry(entry = '/src/app/main.tsx'): Plugin {
  return {
    name: 'checkpoint:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const main = Object.values(bundle).find(
          (out) => out.type === 'chunk' && out.moduleIds.some((id) => id.endsWith(entry)),
        );
        if (!main || main.type !== 'chunk') throw new Error(`checkpoint:preload-app: no chunk for ${entry}`);
        const { scripts, styles, visit } = chunkFiles(bundle);
        visit(main.fileName);
        // The libraries boot.ts evaluates one task each (its LIBRARIES), and then the app's entry,
        // are dynamic imports of the page's first script, each answered by a small chunk that
        // re-exports the chunk holding its code. Not preloaded, each was asked for once the one
        // before had been evaluated: four round trips in a row before the app could start.
        const first = Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
        for (const file of first?.type === 'chunk' ? first.dynamicImports : []) {
          const chunk = bundle[file];
          const facade = chunk?.type === 'chunk' ? (chunk.facadeModuleId ?? '') : '';
          if (LIBRARY_CHUNKS.some((library) => library.test.test(facade)) || facade.endsWith(entry)) visit(file);
        }
        // Vite links what the page's first script imports statically itself.
        const listed = (file: string) => html.includes(`/${file}"`);
        const tags: HtmlTagDescriptor[] = [
          ...[...styles]
            .filter((href) => !listed(href))
            .map((href): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}` },
              injectTo: 'head',
            })),
          ...[...scripts]
            .filter((href) => !listed(href))
            .map((href): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${href}` },
              injectTo: 'head',
            })),
        ];
        return tags;
      },
    },
  };
}
