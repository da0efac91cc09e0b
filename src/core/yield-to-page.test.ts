import { expect, test } from 'vitest';
import { yieldToPage } from './yield-to-page.ts';

test('yieldToPage gives queued tasks their turn (a microtask loop would starve the timer)', async () => {
  let fired = false;
  setTimeout(() => (fired = true), 0);
  let yields = 0;
  while (!fired && yields < 1000) {
    await yieldToPage();
    yields += 1;
  }
  expect(fired).toBe(true);
  expect(yields).toBeLessThan(1000);
});

test('a microtask loop does starve it (the check above means something)', async () => {
  let fired = false;
  setTimeout(() => (fired = true), 0);
  for (let i = 0; i < 1000 && !fired; i++) await Promise.resolve();
  expect(fired).toBe(false);
});
