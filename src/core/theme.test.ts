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

/** Just enough of an element for the inline script's tap holder: a button, or a main that may be a first paint. */
class FakeElement {
  buttons: FakeElement[] = [];
  constructor(
    readonly tag: 'main' | 'button',
    readonly className: string,
    readonly parent: FakeElement | null,
    readonly firstPaint = false,
  ) {}
  closest(selector: string): FakeElement | null {
    const matches = (e: FakeElement) =>
      selector === 'button'
        ? e.tag === 'button'
        : e.tag === 'main' && e.firstPaint && selector === 'main[data-first-paint]';
    return matches(this) ? this : (this.parent?.closest(selector) ?? null);
  }
  querySelectorAll(selector: string): FakeElement[] {
    return selector === 'button' ? this.buttons : [];
  }
}

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
    const listeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];
    const window: { checkpointEarlyTaps?: { tap: unknown; hold: (event: unknown) => void } } = {};
    const page = {
      document: {
        documentElement: root,
        querySelector: (selector: string) => (selector === 'meta[name="theme-color"]' ? meta : null),
        addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
          listeners.push({ type, listener, capture }),
      },
      window,
      Element: FakeElement,
      performance: { now: () => 1234 },
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
    return { theme: root.dataset.theme, color: meta.content, queries, shell: root.dataset.shell, listeners, window };
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

  it("holds a tap on a first paint's button made before the app's code runs, and nothing else", () => {
    const { listeners, window } = runScript(null, false);
    expect(listeners.map(({ type, capture }) => [type, capture])).toEqual([['click', true]]);
    expect(window.checkpointEarlyTaps?.hold).toBe(listeners[0]?.listener);
    const main = new FakeElement('main', 'page profile', null, true);
    const stats = [0, 1, 2].map(() => new FakeElement('button', 'profile-stat__button', main));
    main.buttons = [new FakeElement('button', 'profile-tab', main), ...stats];
    const elsewhere = new FakeElement('button', 'profile-stat__button', new FakeElement('main', 'page', null, false));
    const tap = (target: unknown) => {
      const event = { target, defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
      window.checkpointEarlyTaps?.hold(event);
      return event.defaultPrevented;
    };
    // Outside a first paint (or not on a button): left alone.
    expect(tap(elsewhere)).toBe(false);
    expect(tap(main)).toBe(false);
    expect(tap({})).toBe(false);
    expect(window.checkpointEarlyTaps?.tap).toBeNull();
    // A button of a first paint: its class and place among the main's buttons of that class.
    expect(tap(stats[2])).toBe(true);
    expect(window.checkpointEarlyTaps?.tap).toEqual({ className: 'profile-stat__button', index: 2, at: 1234 });
  });

  it("starts from the dark theme-color in the markup, the page's default", () => {
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLORS.dark}" />`);
  });
});
