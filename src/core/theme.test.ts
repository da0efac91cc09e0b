import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PREFERS_LIGHT,
  THEME_CHOICES,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  parseThemeChoice,
  resolveTheme,
  type Theme,
} from './theme.ts';

describe('theme choice', () => {
  it('reads a stored Light or Dark, and anything else as System', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    for (const other of [null, undefined, '', 'system', 'Light', 'sepia'])
      expect(parseThemeChoice(other)).toBe('system');
  });

  it('follows the system on System, dark when the system prefers nothing light', () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
  });

  it('holds Light or Dark whatever the system prefers', () => {
    for (const prefersLight of [true, false]) {
      expect(resolveTheme('light', prefersLight)).toBe('light');
      expect(resolveTheme('dark', prefersLight)).toBe('dark');
    }
  });
});

// index.html's inline script applies the theme before the first paint, without this module (it
// cannot import). Run it against a stand-in page for every stored value and system preference.
describe("index.html's theme script", () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  function runScript(stored: string | null, prefersLight: boolean, storageThrows = false, pathname = '/search') {
    const root = { dataset: {} as { theme?: string; shell?: string } };
    const meta = {
      content: '',
      setAttribute(_: string, value: string) {
        this.content = value;
      },
    };
    const queries: string[] = [];
    const page = {
      document: {
        documentElement: root,
        querySelector: (selector: string) => (selector === 'meta[name="theme-color"]' ? meta : null),
      },
      localStorage: {
        getItem: (key: string) => {
          if (storageThrows) throw new Error('SecurityError');
          return key === THEME_STORAGE_KEY ? stored : null;
        },
      },
      matchMedia: (query: string) => {
        queries.push(query);
        return { matches: prefersLight, addEventListener: () => undefined };
      },
      addEventListener: () => undefined,
      location: { pathname },
    };
    new Function(...Object.keys(page), script)(...Object.values(page));
    return { theme: root.dataset.theme, color: meta.content, queries, shell: root.dataset.shell };
  }

  it('gives the theme and theme-color the rule gives', () => {
    for (const stored of [null, 'garbage', ...THEME_CHOICES]) {
      for (const prefersLight of [true, false]) {
        const expected: Theme = resolveTheme(parseThemeChoice(stored), prefersLight);
        const page = runScript(stored, prefersLight);
        expect({ stored, prefersLight, theme: page.theme, color: page.color }).toEqual({
          stored,
          prefersLight,
          theme: expected,
          color: THEME_COLORS[expected],
        });
        expect(page.queries).toEqual([PREFERS_LIGHT]);
      }
    }
  });

  it('follows the system when storage is turned off', () => {
    expect(runScript(null, true, true).theme).toBe('light');
    expect(runScript(null, false, true).theme).toBe('dark');
  });

  it("marks the home page's shell on the home page only (its hero shows instead of the skeleton)", () => {
    expect(runScript(null, false, false, '/').shell).toBe('home');
    for (const pathname of ['/search', '/game/hades', '/user/1', '/home'])
      expect(runScript(null, false, false, pathname).shell).toBeUndefined();
  });

  it("starts from the dark theme-color in the markup, the page's default", () => {
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLORS.dark}" />`);
  });
});
