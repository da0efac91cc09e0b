// The home page's hero as React renders it is exactly the markup the page's shell shows before the
// app's code runs (core/home-shell.ts, put into index.html by .config/vite/home-shell.ts): the first paint never
// shows other words, and the hero does not move when React takes the page over.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HOME_HERO_TEXT } from '../../core/home-hero.ts';
import { HOME_HERO_HTML } from '../../core/home-shell.ts';
import { HomeHero } from './home-page.tsx';

describe('the home hero', () => {
  it('renders in React exactly as the shell shows it', () => {
    const rendered = renderToStaticMarkup(
      <MemoryRouter>
        <HomeHero onJoin={() => undefined} />
      </MemoryRouter>,
    );
    expect(rendered).toBe(HOME_HERO_HTML);
  });

  it("has the spec's words", () => {
    expect(HOME_HERO_TEXT.title).toBe('Track Your Games, Find the Next');
    expect(HOME_HERO_HTML).toContain(
      '<h1 id="home-title" class="home-hero__title">Track Your Games, Find the Next</h1>',
    );
  });
});
