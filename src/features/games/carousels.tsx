// The game page's carousels: 'Additional Content' and 'Mods & Fan Content' under a main game, the
// 'Main Game' card on a DLC's page. Tiles link to /game/{igdb id}; arrows appear only above 6
// items, scroll 360 px a click, and are enabled by the scroll position.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  arrowState,
  CAROUSEL_SCROLL_PX,
  carouselHasArrows,
  categoryName,
  type CarouselGame,
} from '../../core/game-page.ts';
import { releaseYearOf } from '../../core/dates.ts';
import { GeneratedCover } from '../../ui/media/generated-cover.tsx';
import { LazyImage } from '../../ui/media/lazy-image.tsx';

export interface CarouselProps {
  readonly title: string;
  readonly games: readonly CarouselGame[];
  readonly note?: string;
  readonly badge?: string;
}

export function Carousel({ title, games, note, badge }: CarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState({ prev: false, next: false });
  const showArrows = carouselHasArrows(games.length);

  useEffect(() => {
    const el = track.current;
    if (!el || !showArrows) return;
    const update = () => setArrows(arrowState(el.scrollLeft, el.scrollWidth, el.clientWidth));
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [showArrows, games.length]);

  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_PX, behavior: 'smooth' });

  return (
    <section className="carousel" aria-label={title}>
      <header className="carousel__head">
        <div>
          <h2 className="carousel__title">
            {title} <span className="carousel__count">({games.length})</span>
          </h2>
          {note && <p className="carousel__note">{note}</p>}
        </div>
        {showArrows && (
          <div className="carousel__arrows">
            <button
              type="button"
              className="carousel__arrow"
              aria-label={`Scroll ${title} left`}
              disabled={!arrows.prev}
              onClick={() => scroll(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="carousel__arrow"
              aria-label={`Scroll ${title} right`}
              disabled={!arrows.next}
              onClick={() => scroll(1)}
            >
              ›
            </button>
          </div>
        )}
      </header>
      <ul className="carousel__track" ref={track}>
        {games.map((g) => (
          <li key={g.igdb_id} className="carousel__item">
            <Link to={`/game/${g.igdb_id}`} className="carousel__tile">
              <span className="carousel__cover">
                <LazyImage
                  src={g.cover_url}
                  alt=""
                  width={132}
                  height={176}
                  placeholder={<GeneratedCover game={g} width={132} />}
                />
                {badge && <span className="carousel__badge">{badge}</span>}
              </span>
              <span className="carousel__name" title={g.name}>
                {g.name}
              </span>
              <span className="carousel__meta">
                {badge ? 'Community' : categoryName(g.category)}
                {releaseYearOf(g) !== null && ` · ${releaseYearOf(g)}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The 'Main Game' card on a DLC's page: cover, name, release year, summary. */
export function MainGameCard({ game }: { readonly game: CarouselGame }) {
  const year = releaseYearOf(game);
  return (
    <section className="main-game" aria-label="Main Game">
      <h2 className="carousel__title">Main Game</h2>
      <Link to={`/game/${game.igdb_id}`} className="main-game__card card">
        <LazyImage
          src={game.cover_url}
          alt=""
          width={96}
          height={128}
          placeholder={<GeneratedCover game={game} width={96} />}
        />
        <span className="main-game__text">
          <span className="main-game__name">{game.name}</span>
          {year !== null && <span className="main-game__year">{year}</span>}
          {game.summary && <span className="main-game__summary">{game.summary}</span>}
        </span>
      </Link>
    </section>
  );
}
