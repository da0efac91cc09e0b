// The spec's lazy image: nothing is fetched until the image comes within 50 px of the
// viewport (IntersectionObserver, threshold 0.1); meanwhile a placeholder with a spinner holds its
// exact size, so nothing jumps. IGDB images get a srcset at 400/800/1200 widths. A missing source
// shows the default cover; a source that fails shows 'Failed to load image'. A game's cover passes
// its generated cover as the placeholder: it stands in for a missing cover, sits under the image
// while it loads, and stays (with the failure message) when the image fails.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { igdbSrcSet } from '../../core/igdb-image.ts';
import { DEFAULT_COVER_URL } from './default-cover.ts';
import './lazy-image.css';

/** "lazy margin 50 px, threshold 0.1" */
const LAZY_ROOT_MARGIN = '50px';
const LAZY_THRESHOLD = 0.1;

export interface LazyImageProps {
  readonly src: string | null | undefined;
  readonly alt: string;
  /** CSS pixels; both are required so the box is reserved before the image arrives. */
  readonly width: number;
  readonly height: number;
  /** The `sizes` for a srcset (default: the box's width). */
  readonly sizes?: string;
  readonly className?: string;
  /** What stands in when there is no source (default: the default cover). */
  readonly fallbackSrc?: string;
  /** Load at once (above the fold) instead of on approach. */
  readonly eager?: boolean;
  /** The box takes its width from CSS and keeps the width:height ratio (responsive layouts). */
  readonly fluid?: boolean;
  /** Drawn in the box before the image arrives and instead of a missing or failed one (a generated cover). */
  readonly placeholder?: ReactNode;
}

type Phase = 'waiting' | 'loading' | 'loaded' | 'failed';

export function LazyImage({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  fallbackSrc = DEFAULT_COVER_URL,
  eager = false,
  fluid = false,
  placeholder,
}: LazyImageProps) {
  const box = useRef<HTMLSpanElement>(null);
  const given = src && src.trim() !== '' ? src : null;
  // With a placeholder, a missing source needs no image at all.
  const source = given ?? (placeholder ? '' : fallbackSrc);
  const [near, setNear] = useState(eager);
  const [state, setState] = useState<{ source: string; phase: Phase }>({ source, phase: 'waiting' });
  // A new source starts over (render-time reset, no effect needed).
  if (state.source !== source) setState({ source, phase: 'waiting' });
  const phase = source === '' ? 'loaded' : state.phase;

  useEffect(() => {
    if (near) return;
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
  }, [near]);

  const srcSet = igdbSrcSet(source) ?? undefined;
  const classes = [
    'lazy-image',
    `lazy-image--${phase === 'waiting' && near ? 'loading' : phase}`,
    fluid && 'lazy-image--fluid',
    placeholder !== undefined && 'lazy-image--placeheld',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span ref={box} className={classes} style={fluid ? { aspectRatio: `${width} / ${height}` } : { width, height }}>
      {placeholder}
      {near && source !== '' && phase !== 'failed' && (
        <img
          src={source}
          srcSet={srcSet}
          sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => setState({ source, phase: 'loaded' })}
          onError={() => setState({ source, phase: 'failed' })}
        />
      )}
      {phase !== 'loaded' && phase !== 'failed' && <span className="lazy-image__spinner" aria-hidden="true" />}
      {phase === 'failed' &&
        (placeholder ? (
          <span className="lazy-image__failed lazy-image__failed--note">Failed to load image</span>
        ) : (
          <span className="lazy-image__failed" role="img" aria-label={alt || 'Failed to load image'}>
            Failed to load image
          </span>
        ))}
    </span>
  );
}
