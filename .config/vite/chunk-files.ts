// Not a plugin: the walk over the built chunks that preload-app.ts and screen-files.ts share, to
// list the files a page needs for the chunks it visits.
import type { Rollup } from 'vite';

/**
 * The files a page needs for the chunks it visits: each chunk, the chunks it imports statically
 * (transitively), and their stylesheets, in the order first met.
 */
export function chunkFiles(bundle: Rollup.OutputBundle) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (file: string): void => {
    const chunk = bundle[file];
    if (!chunk || chunk.type !== 'chunk' || scripts.has(file)) return;
    scripts.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  return { scripts, styles, visit };
}
