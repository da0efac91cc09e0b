import { expect, it } from 'vitest';
import { createToastStore, TOAST_LIMIT } from './toasts.ts';

it('holds at most 20 toasts, dropping the oldest', () => {
  const toasts = createToastStore();
  for (let i = 1; i <= TOAST_LIMIT + 3; i++) toasts.push(`Failed ${i}`);
  const held = toasts.getSnapshot();
  expect(held).toHaveLength(20);
  expect(held[0]?.message).toBe('Failed 4');
  expect(held.at(-1)?.message).toBe(`Failed ${TOAST_LIMIT + 3}`);
});

it('shows a message once while it is held, and forgets a dismissed one', () => {
  const toasts = createToastStore();
  const first = toasts.push('You cannot follow yourself');
  expect(toasts.push('You cannot follow yourself')).toBe(first);
  expect(toasts.getSnapshot()).toHaveLength(1);
  toasts.dismiss(first);
  expect(toasts.getSnapshot()).toEqual([]);
  expect(toasts.push('You cannot follow yourself')).not.toBe(first);
});
