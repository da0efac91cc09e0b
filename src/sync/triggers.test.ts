import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserOnline, pageVisible, watchEnvironment } from './triggers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function page(visibilityState: string) {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState });
  vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
  vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
  vi.stubGlobal('document', document);
  return { window, document };
}

describe('watchEnvironment', () => {
  it('works where there is neither window nor document (Node, and no document in a worker)', () => {
    expect(browserOnline()).toBe(true);
    const stop = watchEnvironment({ online: () => {}, offline: () => {}, visible: () => {}, focus: () => {} });
    expect(stop).not.toThrow();
    // Nobody looks at a worker or a test: its retries wait the long backoff.
    expect(pageVisible()).toBe(false);
  });

  it('reports online, offline, focus and the page becoming visible, until stopped', () => {
    const { window, document } = page('hidden');
    const seen: string[] = [];
    const stop = watchEnvironment({
      online: () => seen.push('online'),
      offline: () => seen.push('offline'),
      visible: () => seen.push('visible'),
      focus: () => seen.push('focus'),
    });
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(pageVisible()).toBe(false);
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(pageVisible()).toBe(true);
    window.dispatchEvent(new Event('focus'));
    stop();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual(['offline', 'online', 'visible', 'focus']);
  });
});
