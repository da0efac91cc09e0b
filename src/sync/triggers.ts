// The environment's sync triggers, wherever they exist: `online`/`offline` (window or worker
// global), `focus` (a window) and `visibilitychange` (pages only). Typed structurally so this compiles for pages and
// for the service worker (no `document` there) and runs in Node (neither).

interface EventHost {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

interface Environment {
  readonly addEventListener?: EventHost['addEventListener'];
  readonly removeEventListener?: EventHost['removeEventListener'];
  readonly document?: EventHost & { readonly visibilityState?: string };
  readonly navigator?: { readonly onLine?: boolean };
}

export interface TriggerHandlers {
  online(): void;
  offline(): void;
  visible(): void;
  /** The window got the focus (a member back at the keyboard, a phone's browser brought forward). */
  focus(): void;
}

function environment(): Environment {
  const env: Environment = globalThis;
  return env;
}

/** navigator.onLine where there is one; assume online elsewhere. */
export function browserOnline(): boolean {
  return environment().navigator?.onLine ?? true;
}

/** Whether a page is on screen now: false where there is no document (Node, the service worker). */
export function pageVisible(): boolean {
  return environment().document?.visibilityState === 'visible';
}

/** Listens to what exists; returns a function that stops listening. */
export function watchEnvironment(handlers: TriggerHandlers): () => void {
  const env = environment();
  const stops: Array<() => void> = [];
  const listen = (host: EventHost, type: string, listener: () => void) => {
    host.addEventListener(type, listener);
    stops.push(() => host.removeEventListener(type, listener));
  };
  const { addEventListener, removeEventListener, document } = env;
  if (addEventListener && removeEventListener) {
    // Called unbound on the global object, as addEventListener(…) itself would be.
    const global: EventHost = {
      addEventListener: (type, listener) => addEventListener.call(globalThis, type, listener),
      removeEventListener: (type, listener) => removeEventListener.call(globalThis, type, listener),
    };
    listen(global, 'online', handlers.online);
    listen(global, 'offline', handlers.offline);
    // A window's focus; a worker's global (no document) has none.
    if (document) listen(global, 'focus', handlers.focus);
  }
  if (document) {
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') handlers.visible();
    });
  }
  return () => {
    for (const stop of stops) stop();
  };
}
