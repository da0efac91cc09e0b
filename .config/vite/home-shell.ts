// Puts the home page's shell (src/core/home-shell.ts, in the words of src/core/home-hero.ts) into
// index.html in place of its placeholder, so the hero's heading, the home page's largest text,
// paints with the shell instead of once React has run. A test holds it equal to the React
// component's render (src/features/home/home-hero.test.tsx).
import type { Plugin } from 'vite';
import { HOME_SHELL_HTML, HOME_SHELL_PLACEHOLDER } from '../../src/core/home-shell.ts';

export function homeShell(): Plugin {
  return {
    name: 'checkpoint:home-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(HOME_SHELL_PLACEHOLDER)) {
          throw new Error(`checkpoint:home-shell: index.html has no ${HOME_SHELL_PLACEHOLDER}`);
        }
        return html.replace(HOME_SHELL_PLACEHOLDER, HOME_SHELL_HTML);
      },
    },
  };
}
