// A game's cover at a fixed size (so nothing jumps while it loads), lazy, with the game's initials
// on a tinted tile when there is no cover or it fails to load.
import { useState } from 'react';
import './search.css';

export interface GameCoverProps {
  readonly name: string;
  readonly url: string | null;
  /** CSS pixels; the height follows the 3:4 cover ratio. */
  readonly width: number;
  readonly className?: string;
}

const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('');

export function GameCover({ name, url, width, className }: GameCoverProps) {
  const [failed, setFailed] = useState(false);
  const height = Math.round((width * 4) / 3);
  const classes = ['game-cover', className].filter(Boolean).join(' ');
  if (!url || failed) {
    return <span className={`${classes} game-cover--empty`} style={{ width, height }} aria-hidden="true">{initials(name)}</span>;
  }
  return <img className={classes} src={url} alt="" width={width} height={height} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

/** A game's page address: /game/{igdb_id or id} (spec 001 §2). */
export const gamePath = (game: { igdb_id: number | null; id: number }) => `/game/${game.igdb_id ?? game.id}`;

/** Average member rating to one decimal, or '-' when nobody rated it. */
export const averageText = (avg: number | null) => (avg === null ? '-' : avg.toFixed(1));
