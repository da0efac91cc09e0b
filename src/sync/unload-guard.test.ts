import { describe, expect, it } from 'vitest';
import { untilStored } from './unload-guard.ts';

/** Leaving the page as the browser asks: whether the page held it (preventDefault). */
function leave(target: EventTarget): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

function deferred(): { promise: Promise<string>; resolve: (v: string) => void; reject: (e: Error) => void } {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('untilStored', () => {
  it('holds leaving the page while a write is being stored, and lets go once it is', async () => {
    const page = new EventTarget();
    expect(leave(page)).toBe(false);
    const write = deferred();
    const stored = untilStored(() => write.promise, page);
    expect(leave(page)).toBe(true);
    write.resolve('mutation-id');
    await expect(stored).resolves.toBe('mutation-id');
    expect(leave(page)).toBe(false);
  });

  it('holds until the last of several writes settles, a refused one included', async () => {
    const page = new EventTarget();
    const first = deferred();
    const second = deferred();
    const a = untilStored(() => first.promise, page);
    const b = untilStored(() => second.promise, page);
    first.reject(new Error('Review not found'));
    await expect(a).rejects.toThrow('Review not found');
    expect(leave(page)).toBe(true);
    second.resolve('done');
    await b;
    expect(leave(page)).toBe(false);
  });

  it('writes where there is no page (a worker) without a guard', async () => {
    await expect(untilStored(() => Promise.resolve(7), null)).resolves.toBe(7);
  });
});
