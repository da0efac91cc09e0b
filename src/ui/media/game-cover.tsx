// A game's cover at a fixed size (explicit width and height, so nothing jumps while it loads). Its
// generated cover (media/generated-cover.tsx, made from the game's name, year, genres, platforms and
// id) is always drawn; a real cover, when the game has one, is laid over it once it has loaded, and
// a cover that fails to load leaves the generated one in place. Lazy as the spec's images are
// ("lazy loading margin 50 px, threshold 0.1"): the image is requested once its box comes
// within 50 px of the viewport. IGDB covers get a srcset at 400/800/1200 widths (IGDB's size names
// for each, igdbSrcSet) and `sizes` set to the box's width, so a small cover on a phone downloads
// the smallest file that is sharp at the screen's pixel density.
import { memo, useEffect, useRef, useState } from 'react';
import type { CoverFacts } from '../../core/cover-art.ts';
import { igdbSrcSet } from '../../core/igdb-image.ts';
import { useCoverArt } from './cover-art-registry.ts';
import './game-cover.css';

export interface GameCoverProps {
  readonly name: string;
  readonly url: string | null;
  /** CSS pixels; the height follows the 3:4 cover ratio. */
  readonly width: number;
  /** What the generated cover is made from (genres, platforms, year, ids); the name alone works too. */
  readonly game?: Omit<CoverFacts, 'name'> | null;
  readonly className?: string;
}

/** The spec's "lazy margin 50 px, threshold 0.1", as media/lazy-image.tsx. */
const LAZY_ROOT_MARGIN = '50px';
const LAZY_THRESHOLD = 0.1;

/** The img attributes of a cover: IGDB URLs get the responsive set, other hosts their one file. */
export function coverSources(url: string, width: number): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = igdbSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes: `${width}px` } : { src: url };
}

type Phase = 'loading' | 'loaded' | 'failed';

// Memoised: lists re-render around their covers (a windowed list on every scroll step).
export const GameCover = memo(function GameCover({ name, url, width, game, className }: GameCoverProps) {
  const source = url && url.trim() !== '' ? url : null;
  const [image, setImage] = useState<{ source: string | null; phase: Phase }>({ source, phase: 'loading' });
  // A new source starts over (render-time reset, no effect needed).
  if (image.source !== source) setImage({ source, phase: 'loading' });
  const [near, setNear] = useState(false);
  const Art = useCoverArt();
  const box = useRef<HTMLSpanElement>(null);
  const height = Math.round((width * 4) / 3);
  const showImage = source !== null && image.phase !== 'failed';
  const shown = showImage && image.phase === 'loaded' ? 'image' : 'generated';

  useEffect(() => {
    if (near || !showImage) return;
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN, threshold: LAZY_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, showImage]);

  // Decorative: every cover sits next to the game's name.
  return (
    <span
      ref={box}
      className={['game-cover', `game-cover--${shown}`, className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    >
      {Art && <Art game={{ ...game, name }} width={width} />}
      {showImage && near && (
        <img
          className="game-cover__image"
          {...coverSources(source, width)}
          alt=""
          width={width}
          height={height}
          decoding="async"
          onLoad={() => setImage({ source, phase: 'loaded' })}
          onError={() => setImage({ source, phase: 'failed' })}
        />
      )}
    </span>
  );
});

/** A game's page address: /game/{igdb_id or id}. */
export const gamePath = (game: { igdb_id: number | null; id: number }) => `/game/${game.igdb_id ?? game.id}`;

/** Average member rating to one decimal, or '-' when nobody rated it. */
export const averageText = (avg: number | null) => (avg === null ? '-' : avg.toFixed(1));
