// Review and comment text with spoilers: plain text stays as it is, each `||…||` is
// blurred until the reader reveals it (click, tap, Enter or Space), one spoiler at a time. The
// text is rendered by React as text, never as HTML, so nothing inside a spoiler can become markup.
// Until revealed, its words are hidden from screen readers (the button says what it is) and cannot
// be selected or copied. With `rich`, each piece shows the allowed tags as formatting (rich-text.tsx).
import { useState, type KeyboardEvent } from 'react';
import { parseSpoilers } from '../../core/reviews/spoiler.ts';
import { RichText } from './rich-text.tsx';
import './spoiler.css';

export const SPOILER_LABEL = 'Spoiler, tap to reveal';

export function Spoiler({ text, rich = false }: { readonly text: string; readonly rich?: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const shown = rich ? <RichText text={text} /> : text;
  if (revealed) return <span className="spoiler spoiler--revealed">{shown}</span>;
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setRevealed(true);
    }
  };
  return (
    <span
      className="spoiler"
      role="button"
      tabIndex={0}
      aria-label={SPOILER_LABEL}
      title="Spoiler: tap to reveal"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setRevealed(true);
      }}
      onKeyDown={onKeyDown}
    >
      <span className="spoiler__text" aria-hidden="true">
        {shown}
      </span>
    </span>
  );
}

/** Text with its spoilers blurred (full review page, full-review modal, comments); `rich`: formatting too. */
export function SpoilerText({ text, rich = false }: { readonly text: string; readonly rich?: boolean }) {
  const segments = parseSpoilers(text);
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'spoiler' ? (
          // The segments of one text never reorder: the index is a stable key.
          <Spoiler key={i} text={segment.text} rich={rich} />
        ) : (
          <span key={i}>{rich ? <RichText text={segment.text} /> : segment.text}</span>
        ),
      )}
    </>
  );
}
