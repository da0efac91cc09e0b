// The note over a review form that opened with what the member had typed and not saved (kept on
// this device, use-kept-form.ts), with Discard changes to open it as it would have been instead.
export const KEPT_TEXT = {
  note: 'We kept what you were writing.',
  unsaved: "It isn't saved yet.",
  discard: 'Discard changes',
} as const;

export function KeptNotice({ onDiscard }: { readonly onDiscard: () => void }) {
  return (
    <div className="review-form__kept" role="status">
      <p className="review-form__kept-text">
        <strong>{KEPT_TEXT.note}</strong> {KEPT_TEXT.unsaved}
      </p>
      <button type="button" className="button button--ghost review-form__kept-discard" onClick={onDiscard}>
        {KEPT_TEXT.discard}
      </button>
    </div>
  );
}
