// The "Spoiler" button of the review and comment forms: wraps the selected text of its
// text box in `||…||`, or inserts `||spoiler||` with the word selected, and gives focus back to
// the box with the result selected. The box is named by id (the button controls it).
import { wrapSpoiler } from '../../core/reviews/spoiler.ts';
import '../../ui/review-card/spoiler.css';

export interface SpoilerButtonProps {
  /** The id of the textarea the button edits. */
  readonly textareaId: string;
  readonly onChange: (value: string) => void;
  readonly disabled?: boolean;
}

export function SpoilerButton({ textareaId, onChange, disabled = false }: SpoilerButtonProps) {
  const apply = () => {
    const box = document.getElementById(textareaId);
    if (!(box instanceof HTMLTextAreaElement)) return;
    const edit = wrapSpoiler(box.value, box.selectionStart, box.selectionEnd);
    onChange(edit.value);
    // After React has written the new value into the box.
    requestAnimationFrame(() => {
      box.focus();
      box.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  return (
    <button
      type="button"
      className="spoiler-button"
      aria-controls={textareaId}
      disabled={disabled}
      title="Hide the selected text as a spoiler (||text||)"
      // Keeps the text box's selection when clicked with a mouse.
      onMouseDown={(event) => event.preventDefault()}
      onClick={apply}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c5 0 9 4.5 10 7-.4 1-1.3 2.4-2.6 3.7M6.6 6.6C4.4 8 2.9 10.2 2 12c1 2.5 5 7 10 7 1.7 0 3.3-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2"
        />
      </svg>
      <span>Spoiler</span>
    </button>
  );
}
