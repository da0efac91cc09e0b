// Review and comment text with spoilers (issue 14): plain text stays as it is, each `||…||` is
// blurred until the reader reveals it (click, tap, Enter or Space), one spoiler at a time. The
// text is rendered by React as text, never as HTML, so nothing inside a spoiler can become markup.
// Until revealed, its words are hidden from screen readers (the button says what it is) and cannot
// be selected or copied.
import { useState, type KeyboardEvent } from 'react';
import { parseSpoilers } from '../../core/spoiler.ts';
import './spoiler.css';

export const SPOILER_LABEL = 'Spoiler, tap to reveal';

export function Spoiler({ text }: { readonly text: string }) {
  const [revealed, setRevealed] = useState(false);
  if (revealed) return <span className="spoiler spoiler--revealed">{text}</span>;
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setRevealed(true);
    }
  };
  return (
    <span
      className="spoiler" role="button" tabIndex={0} aria-label={SPOILER_LABEL} title="Spoiler: tap to reveal"
      onClick={(event) => { event.preventDefault(); event.stopPropagation(); setRevealed(true); }} onKeyDown={onKeyDown}
    >
      <span className="spoiler__text" aria-hidden="true">{text}</span>
    </span>
  );
}

/** Text with its spoilers blurred (full review page, full-review modal, comments). */
export function SpoilerText({ text }: { readonly text: string }) {
  const segments = parseSpoilers(text);
  return (
    <>
      {segments.map((segment, i) => (segment.kind === 'spoiler'
        // The segments of one text never reorder: the index is a stable key.
        ? <Spoiler key={i} text={segment.text} />
        : <span key={i}>{segment.text}</span>))}
    </>
  );
}
