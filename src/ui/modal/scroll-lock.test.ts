import { describe, expect, it } from 'vitest';
import { createScrollLock, type ScrollLockTarget } from './scroll-lock.ts';

function page(overflow = '', paddingRight = '', scrollbar = 15): ScrollLockTarget {
  return { style: { overflow, paddingRight }, scrollbarWidth: () => scrollbar };
}

describe('scroll lock', () => {
  it('hides the overflow and pads for the scrollbar, then restores the inline styles exactly', () => {
    const body = page('scroll', '4px');
    const lock = createScrollLock(() => body);
    const release = lock.lock();
    expect(body.style).toEqual({ overflow: 'hidden', paddingRight: '15px' });
    release();
    expect(body.style).toEqual({ overflow: 'scroll', paddingRight: '4px' });
    expect(lock.depth).toBe(0);
  });

  it('adds no padding when the page has no scrollbar', () => {
    const body = page('', '', 0);
    createScrollLock(() => body).lock();
    expect(body.style).toEqual({ overflow: 'hidden', paddingRight: '' });
  });

  it('stays locked until the last of stacked modals closes, in any order', () => {
    const body = page();
    const lock = createScrollLock(() => body);
    const outer = lock.lock();
    const inner = lock.lock();
    expect(lock.depth).toBe(2);
    outer();
    expect(body.style.overflow).toBe('hidden');
    inner();
    expect(body.style).toEqual({ overflow: '', paddingRight: '' });
  });

  it('counts a release called twice once', () => {
    const body = page();
    const lock = createScrollLock(() => body);
    const first = lock.lock();
    const second = lock.lock();
    first();
    first();
    expect(lock.depth).toBe(1);
    expect(body.style.overflow).toBe('hidden');
    second();
    expect(body.style.overflow).toBe('');
  });

  it('saves the styles of the moment the first modal opened, not what a stacked one saw', () => {
    const body = page('auto');
    const lock = createScrollLock(() => body);
    const outer = lock.lock();
    const inner = lock.lock();
    inner();
    outer();
    expect(body.style.overflow).toBe('auto');
  });
});
