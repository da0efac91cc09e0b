// The member's theme choice, kept on this device (localStorage, as index.html's first script reads
// it before the first paint). That script also follows the system's preference and other tabs'
// choices as they change; this module writes a choice, applies it at once and tells the pickers.
import { useSyncExternalStore } from 'react';
import {
  PREFERS_LIGHT,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  parseThemeChoice,
  resolveTheme,
  type ThemeChoice,
} from '../../core/theme.ts';

const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system'; // Storage turned off: the system's preference, as on a first visit.
  }
}

function applyTheme(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, window.matchMedia(PREFERS_LIGHT).matches);
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage turned off: the choice still holds for this page, and the next visit follows the system.
  }
  applyTheme(choice);
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}

/** The choice in force on this device, kept current (another tab's choice included). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => 'system');
}
