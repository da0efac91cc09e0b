import { describe, expect, it, vi } from 'vitest';
import { createInstallStore, installOffer, isIos, type BeforeInstallPromptEvent } from './install-state.ts';
import { coverSources } from '../../ui/media/game-cover.tsx';

const android = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36',
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  standalone: false,
};
const iphone = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
};
const ipadOs = {
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
  platform: 'MacIntel',
  maxTouchPoints: 5,
  standalone: false,
};
const mac = { ...ipadOs, maxTouchPoints: 0 };

describe('installOffer', () => {
  it('offers the browser prompt when one was kept, the how-to on iOS, nothing once installed', () => {
    expect(installOffer(android, true, false)).toBe('prompt');
    expect(installOffer(android, false, false)).toBe('none');
    expect(installOffer(iphone, false, false)).toBe('ios');
    expect(installOffer(ipadOs, false, false)).toBe('ios');
    expect(installOffer(mac, false, false)).toBe('none');
    expect(installOffer({ ...iphone, standalone: true }, false, false)).toBe('none');
    expect(installOffer({ ...android, standalone: true }, true, false)).toBe('none');
    expect(installOffer(android, true, true)).toBe('none');
  });

  it('recognises iPadOS that reports a Mac with a touch screen', () => {
    expect(isIos(ipadOs)).toBe(true);
    expect(isIos(mac)).toBe(false);
  });
});

describe('createInstallStore', () => {
  function fakeWindow() {
    const target = new EventTarget() as EventTarget & { matchMedia?: unknown };
    vi.stubGlobal('navigator', { userAgent: android.userAgent, platform: android.platform, maxTouchPoints: 5 });
    return target as unknown as Window;
  }
  function promptEvent(outcome: 'accepted' | 'dismissed') {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
    const prompt = vi.fn(() => Promise.resolve());
    Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
    return { event, prompt };
  }

  it('keeps the event (no mini-infobar), prompts once on install, and hides after appinstalled', async () => {
    const win = fakeWindow();
    const store = createInstallStore(win);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    expect(store.getSnapshot()).toBe('none');

    const { event, prompt } = promptEvent('dismissed');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getSnapshot()).toBe('prompt');

    expect(await store.install()).toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    // The used event cannot prompt again; a new one brings the item back.
    expect(store.getSnapshot()).toBe('none');
    expect(await store.install()).toBe('unavailable');
    win.dispatchEvent(promptEvent('accepted').event);
    expect(store.getSnapshot()).toBe('prompt');
    win.dispatchEvent(new Event('appinstalled'));
    expect(store.getSnapshot()).toBe('none');
    expect(seen).toEqual(['prompt', 'none', 'prompt', 'none']);
    vi.unstubAllGlobals();
  });
});

describe('coverSources', () => {
  it('gives IGDB covers a 400/800/1200 srcset with IGDB size names and the box width as sizes', () => {
    const url = 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg';
    expect(coverSources(url, 64)).toEqual({
      src: url,
      srcSet:
        'https://images.igdb.com/igdb/image/upload/t_cover_big_2x/co1wyy.jpg 400w, https://images.igdb.com/igdb/image/upload/t_720p/co1wyy.jpg 800w, https://images.igdb.com/igdb/image/upload/t_1080p/co1wyy.jpg 1200w',
      sizes: '64px',
    });
    expect(coverSources('https://example.org/cover.png', 64)).toEqual({ src: 'https://example.org/cover.png' });
  });
});
