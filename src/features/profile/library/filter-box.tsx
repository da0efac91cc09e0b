// The filter box: a search field that filters the list under it as one types, typos
// forgiven (core/library/text-match.ts). Escape clears it. The count says how much is shown.
//
// The box shows what was typed at once, whatever `value` says: a tab's filter lives in the address,
// which the page renders in a transition (app/router.tsx), a moment after each key. Bound straight
// to `value`, the input was put back to an older text by those renders, and on a slow phone typing
// "starfall odyssey 4" left "s4". A `value` that is not one of the box's own texts coming back
// (cleared by "Show all games", Back) is taken as it comes (layout/address-draft.ts).
import { useId, useRef } from 'react';
import { useHandedUp } from '../../../ui/layout/address-draft.ts';
import './library.css';

export interface FilterBoxProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** "Showing 3 of 120 games", read out politely as the list changes. */
  readonly count?: string;
}

export function FilterBox({ label, value, onChange, count }: FilterBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The input is the box's own (uncontrolled): React never writes what it shows from a render that
  // may lag the keys. After each render, `value` is followed only when it comes from elsewhere.
  const handUp = useHandedUp(value, (text) => {
    if (input.current && input.current.value !== text) input.current.value = text;
  });
  const type = (text: string) => {
    handUp(text);
    onChange(text);
  };
  return (
    <div className="filter-box" role="search" aria-label={label}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <span className="filter-box__icon" aria-hidden="true">
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </span>
      <input
        id={id}
        className="filter-box__input"
        type="search"
        placeholder={`${label}…`}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
        ref={input}
        defaultValue={value}
        onChange={(e) => type(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && e.currentTarget.value !== '') {
            e.stopPropagation();
            e.currentTarget.value = '';
            type('');
          }
        }}
      />
      {count !== undefined && (
        <p className="filter-box__count" aria-live="polite">
          {count}
        </p>
      )}
    </div>
  );
}

/** "Showing 3 of 120 games" when filtered, "120 games" otherwise. */
export function countText(shown: number, total: number, noun: [string, string]): string {
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  return shown === total ? `${total} ${word(total)}` : `Showing ${shown} of ${total} ${word(total)}`;
}
