// Whether and how Checkpoint can be installed on this device. Chromium-based browsers
// fire `beforeinstallprompt` when the app qualifies: the event is kept (its default mini-infobar
// suppressed) so the member menu can offer 'Install app' and call prompt() on a click. iOS Safari
// has no such event: there the menu explains Share → Add to Home Screen instead. Nothing is offered
// once the app runs standalone (it is installed) or after `appinstalled`.
//
// The listeners attach when this module loads, with the entry script: the browser may fire the event
// before React has mounted the header.

/** The Chromium event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** 'prompt': the browser offers installation; 'ios': show the how-to; 'none': nothing to offer. */
export type InstallOffer = 'prompt' | 'ios' | 'none';

export interface InstallEnvironment {
  readonly userAgent: string;
  readonly platform: string;
  readonly maxTouchPoints: number;
  /** matchMedia('(display-mode: standalone)') or iOS's navigator.standalone. */
  readonly standalone: boolean;
}

/** iPhone, iPod and iPad, including iPadOS that reports itself as a Mac with a touch screen. */
export function isIos(env: Pick<InstallEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/\b(iPad|iPhone|iPod)\b/.test(env.userAgent)) return true;
  return env.platform === 'MacIntel' && env.maxTouchPoints > 1;
}

/** What the menu offers: the browser's prompt first, else the iOS how-to, never when installed. */
export function installOffer(env: InstallEnvironment, deferred: boolean, installed: boolean): InstallOffer {
  if (env.standalone || installed) return 'none';
  if (deferred) return 'prompt';
  return isIos(env) ? 'ios' : 'none';
}

export interface InstallStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): InstallOffer;
  /** Shows the browser's install dialog; resolves to the member's answer. */
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
}

function browserEnvironment(standaloneQuery: MediaQueryList | null): InstallEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: (standaloneQuery?.matches ?? false) || nav.standalone === true,
  };
}

export function createInstallStore(target: Window): InstallStore {
  const listeners = new Set<() => void>();
  const standaloneQuery =
    typeof target.matchMedia === 'function' ? target.matchMedia('(display-mode: standalone)') : null;
  let deferred: BeforeInstallPromptEvent | null = null;
  let installed = false;
  let snapshot = installOffer(browserEnvironment(standaloneQuery), false, false);
  const update = () => {
    const next = installOffer(browserEnvironment(standaloneQuery), deferred !== null, installed);
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };

  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the event for the menu instead of the browser's own mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    installed = false;
    update();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    update();
  });
  standaloneQuery?.addEventListener?.('change', update);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    async install() {
      const event = deferred;
      if (!event) return 'unavailable';
      // An event can prompt once: after the answer the browser fires a new one if it still qualifies.
      deferred = null;
      update();
      await event.prompt();
      const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
      if (choice.outcome === 'accepted') {
        installed = true;
        update();
      }
      return choice.outcome;
    },
  };
}

const unavailable: InstallStore = {
  subscribe: () => () => undefined,
  getSnapshot: () => 'none',
  install: () => Promise.resolve('unavailable'),
};

/** The page's store, listening from the moment the entry script runs. */
export const installStore: InstallStore = typeof window === 'undefined' ? unavailable : createInstallStore(window);
