// The colour theme: the member's choice (System, Light or Dark, kept on this device) and the
// theme it gives. index.html's first script applies the same rule before the first paint, so the
// page never shows a frame in the wrong theme; theme.test.ts holds the two together.

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/** localStorage key of the choice. 'system' is stored as no key at all. */
export const THEME_STORAGE_KEY = 'checkpoint:theme';
/** The system's preference that 'system' follows; dark is the default when it says nothing. */
export const PREFERS_LIGHT = '(prefers-color-scheme: light)';
/** `<meta name="theme-color">` per theme: the page's --bg (src/app/theme.css). */
export const THEME_COLORS: Readonly<Record<Theme, string>> = { dark: '#0f1115', light: '#f4f5f9' };

export const THEME_LABELS: Readonly<Record<ThemeChoice, string>> = { system: 'System', light: 'Light', dark: 'Dark' };

/** A stored value as a choice: anything unknown (or nothing) is 'system'. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersLight: boolean): Theme {
  if (choice !== 'system') return choice;
  return systemPrefersLight ? 'light' : 'dark';
}
