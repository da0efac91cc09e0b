import { describe, expect, it } from 'vitest';
import { BROWSE_TITLE } from './browse-first-paint.ts';
import { documentTitle, textMeta } from './page-meta.ts';
import { profileTitle } from './profile.ts';

describe('document titles', () => {
  it('name the screen, then the product, one way on every screen', () => {
    expect(documentTitle('Browse Games')).toBe('Browse Games | Checkpoint');
    expect(BROWSE_TITLE).toBe('Browse Games | Checkpoint');
    expect(profileTitle('painter')).toBe('painter | Checkpoint');
    expect(documentTitle('  Contact ')).toBe('Contact | Checkpoint');
  });

  it('is the bare site name without a screen title', () => {
    expect(documentTitle()).toBe('Checkpoint — Track Your Games, Find the Next');
    expect(documentTitle('   ')).toBe('Checkpoint — Track Your Games, Find the Next');
  });

  it('gives link previews the same title', () => {
    const { title, tags } = textMeta({ title: 'The Witcher 3: Wild Hunt' });
    expect(title).toBe('The Witcher 3: Wild Hunt | Checkpoint');
    expect(tags.find((t) => t.key === 'og:title')?.content).toBe(title);
  });
});
