// A game's cover at a fixed size (explicit width and height, so nothing jumps while it loads), with
// the game's initials on a tinted tile when there is no cover or it fails to load. Lazy as the spec's
// images are (002 §9: "lazy loading margin 50 px, threshold 0.1"): the image is requested once its
// box comes within 50 px of the viewport. IGDB covers get a srcset at 400/800/1200 widths (IGDB's
// size names for each, igdbSrcSet) and `sizes` set to the box's width, so a small cover on a phone
// downloads the smallest file that is sharp at the screen's pixel density.
import { useEffect, useRef, useState } from 'react';
import { igdbSrcSet } from '../../core/game-page.ts';
import './search.css';

export interface GameCoverProps {
  readonly name: string;
  readonly url: string | null;
  /** CSS pixels; the height follows the 3:4 cover ratio. */
  readonly width: number;
  readonly className?: string;
}

/** "lazy margin 50 px, threshold 0.1" (spec 002 §9, as media/lazy-image.tsx). */
const LAZY_ROOT_MARGIN = '50px';
const LAZY_THRESHOLD = 0.1;

const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('');

/** The img attributes of a cover: IGDB URLs get the responsive set, other hosts their one file. */
export function coverSources(url: string, width: number): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = igdbSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes: `${width}px` } : { src: url };
}

export function GameCover({ name, url, width, className }: GameCoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const [near, setNear] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const height = Math.round((width * 4) / 3);
  const classes = ['game-cover', className].filter(Boolean).join(' ');
  const showImage = Boolean(url) && failed !== url;

  useEffect(() => {
    if (near || !showImage) return;
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') { setNear(true); return; }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { setNear(true); observer.disconnect(); }
    }, { rootMargin: LAZY_ROOT_MARGIN, threshold: LAZY_THRESHOLD });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, showImage]);

  if (!url || !showImage) {
    return <span className={`${classes} game-cover--empty`} style={{ width, height }} aria-hidden="true">{initials(name)}</span>;
  }
  if (!near) {
    // Holds the cover's exact box until it is close enough to load.
    return <span ref={box} className={`${classes} game-cover--waiting`} style={{ width, height }} aria-hidden="true" />;
  }
  return <img className={classes} {...coverSources(url, width)} alt="" width={width} height={height} decoding="async" onError={() => setFailed(url)} />;
}

/** A game's page address: /game/{igdb_id or id} (spec 001 §2). */
export const gamePath = (game: { igdb_id: number | null; id: number }) => `/game/${game.igdb_id ?? game.id}`;

/** Average member rating to one decimal, or '-' when nobody rated it. */
export const averageText = (avg: number | null) => (avg === null ? '-' : avg.toFixed(1));
