// The top of the game page: cover, title and category badge, release date, platforms, developer
// and publisher (cut at 30 characters with 'See more' / 'See less') and the summary (clamped to 3
// lines, with a toggle when longer than 200 characters).
import { useState } from 'react';
import { formatRelease } from '../../core/dates.ts';
import { categoryBadge, summaryNeedsToggle, truncate } from '../../core/game-page.ts';
import { platformNames } from '../../core/platforms.ts';
import type { GameRow } from '../../store/db.ts';
import { PHONE, useMediaQuery } from '../../ui/layout/media-query.ts';
import { GeneratedCover } from '../../ui/media/generated-cover.tsx';
import { LazyImage } from '../../ui/media/lazy-image.tsx';

/**
 * The cover's CSS width (game-page.css: the header's first column, 120 px on a phone, 264 px wider).
 * Given to the generated cover up front, so its first render is planned at the width it is shown
 * at: planned at 264 px on a phone, its size observer found 120 px after the first layout and the
 * page rendered the cover a second time before the summary (the page's largest paint) could show.
 */
const COVER_WIDTH_PHONE = 120;
const COVER_WIDTH = 264;

export function GameHeader({
  game,
  average,
  count,
}: {
  readonly game: GameRow;
  readonly average: number | null;
  readonly count: number;
}) {
  const badge = categoryBadge(game.category);
  const platforms = platformNames(game.platforms);
  const released = formatRelease(game);
  const coverWidth = useMediaQuery(PHONE) ? COVER_WIDTH_PHONE : COVER_WIDTH;
  return (
    <header className="game-header">
      <div className="game-header__cover">
        <LazyImage
          src={game.cover_url ?? null}
          alt={`${game.name} cover`}
          width={coverWidth}
          height={(coverWidth * 4) / 3}
          eager
          fluid
          placeholder={
            <GeneratedCover game={game} width={coverWidth} label={game.cover_url ? undefined : `${game.name} cover`} />
          }
        />
      </div>
      <div className="game-header__info">
        {badge && <span className="game-header__badge">{badge}</span>}
        <h1 className="game-header__title">{game.name}</h1>
        <dl className="game-header__facts">
          <div>
            <dt>Released</dt>
            <dd>{released}</dd>
          </div>
          {count > 0 && average !== null && (
            <div>
              <dt>Members</dt>
              <dd>
                <span className="rating">{average.toFixed(1)}</span> / 10
              </dd>
            </div>
          )}
          {game.developer && (
            <div>
              <dt>Developer</dt>
              <dd>
                <Clipped text={game.developer} />
              </dd>
            </div>
          )}
          {game.publisher && (
            <div>
              <dt>Publisher</dt>
              <dd>
                <Clipped text={game.publisher} />
              </dd>
            </div>
          )}
        </dl>
        {platforms.length > 0 && (
          <ul className="game-header__platforms" aria-label="Platforms">
            {platforms.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {game.summary && <Summary text={game.summary} />}
      </div>
    </header>
  );
}

function Clipped({ text }: { readonly text: string }) {
  const [open, setOpen] = useState(false);
  const cut = truncate(text);
  if (!cut.truncated) return <>{text}</>;
  return (
    <>
      <span title={open ? undefined : text}>{open ? text : cut.text}</span>{' '}
      <button type="button" className="game-header__more" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'See less' : 'See more'}
      </button>
    </>
  );
}

function Summary({ text }: { readonly text: string }) {
  const [open, setOpen] = useState(false);
  const toggle = summaryNeedsToggle(text);
  return (
    <div className="game-header__summary">
      <p
        className={
          toggle && !open ? 'game-header__summary-text game-header__summary-text--clamped' : 'game-header__summary-text'
        }
      >
        {text}
      </p>
      {toggle && (
        <button type="button" className="game-header__more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
