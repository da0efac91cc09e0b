import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserOnline, watchEnvironment } from './triggers.ts';

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
    const stop = watchEnvironment({ online: () => {}, offline: () => {}, visible: () => {} });
    expect(stop).not.toThrow();
  });

  it('reports online, offline and the page becoming visible, until stopped', () => {
    const { window, document } = page('hidden');
    const seen: string[] = [];
    const stop = watchEnvironment({
      online: () => seen.push('online'),
      offline: () => seen.push('offline'),
      visible: () => seen.push('visible'),
    });
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual(['offline', 'online', 'visible']);
  });
});
