// Edit mode's Unpublish, for a published review: a confirmation, then the form saves it as a draft
// (review.update with draft: true, queued like every write, so it works offline). Shut, with the
// server's reason beside it, once the device knows of a like or comment (app.rating_guard refuses
// those; a like that arrives only after an offline Unpublish comes back as the sync's rejection toast).
import { useState } from 'react';
import { Modal } from '../../ui/modal/modal.tsx';

export const UNPUBLISH_TEXT = {
  button: 'Unpublish',
  title: 'Unpublish Review',
  question: 'Your review will become a draft again: it disappears for everyone else until you publish it again.',
  withChanges: 'The changes you made here are saved in the draft.',
  busy: 'Unpublishing...',
  done: 'Review unpublished. Only you can see it until you publish it again.',
  failed: 'Failed to unpublish review:',
} as const;

interface Props {
  /** Why it cannot be unpublished (likes or comments), or null. */
  readonly blockedBy: string | null;
  /** Shut for another reason the form already shows (a problem to fix, a save under way). */
  readonly disabled: boolean;
  readonly busy: boolean;
  readonly withChanges: boolean;
  /** Saves the review as a draft; the form shows a failure and leaves the page on success. */
  readonly onConfirm: () => Promise<void>;
}

export function UnpublishButton({ blockedBy, disabled, busy, withChanges, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const shut = disabled || blockedBy !== null;

  async function confirm() {
    await onConfirm();
    // Still here: it failed (the form says why).
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className="button button--ghost review-form__unpublish"
        disabled={shut}
        aria-haspopup="dialog"
        aria-describedby={blockedBy === null ? undefined : 'review-form-unpublish-why'}
        onClick={() => setOpen(true)}
      >
        {UNPUBLISH_TEXT.button}
      </button>
      {blockedBy !== null && (
        <p id="review-form-unpublish-why" className="review-form__unpublish-why">
          {blockedBy}
        </p>
      )}
      {open && (
        <Modal
          native
          onClose={() => setOpen(false)}
          dismissible={!busy}
          closeOnBackdrop={false}
          labelledBy="review-unpublish-title"
          describedBy="review-unpublish-text"
          className="review-form__dialog"
        >
          <h2 id="review-unpublish-title">{UNPUBLISH_TEXT.title}</h2>
          <p id="review-unpublish-text">
            {UNPUBLISH_TEXT.question}
            {withChanges && ` ${UNPUBLISH_TEXT.withChanges}`}
          </p>
          <div className="review-form__dialog-actions">
            <button
              type="button"
              className="button button--ghost"
              data-autofocus
              onClick={() => setOpen(false)}
              disabled={busy}
            >
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={busy}>
              {busy ? UNPUBLISH_TEXT.busy : UNPUBLISH_TEXT.button}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
