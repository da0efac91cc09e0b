// Edit mode's Delete review: a confirmation dialog, then review.delete by game (so a review written
// offline and not yet synced can be deleted too), then back to the game's page.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MutationError } from '../../core/mutation-error.ts';
import { write } from '../../data/actions.ts';
import type { GameRow } from '../../store/db.ts';
import { gamePath } from '../../ui/media/game-cover.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { Modal } from '../../ui/modal/modal.tsx';

export const DELETE_TEXT = {
  title: 'Delete Review',
  question:
    'Are you sure you want to delete this review? Its likes and comments will be deleted too. This cannot be undone.',
  failed: 'Failed to delete review',
  deleted: 'Review deleted',
} as const;

interface Props {
  readonly memberId: number;
  readonly game: GameRow;
  /** The review is gone: the form keeps nothing of it any more. */
  readonly onDeleted: () => void;
  readonly onError: (message: string) => void;
}

export function DeleteReviewButton({ memberId, game, onDeleted, onError }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  async function confirm() {
    setBusy(true);
    try {
      await write(memberId, 'review.delete', { igdb_id: game.igdb_id });
      onDeleted();
      setOpen(false);
      toast.push(DELETE_TEXT.deleted, 'info');
      navigate(gamePath(game), { replace: true });
    } catch (caught) {
      setOpen(false);
      onError(caught instanceof MutationError ? `${DELETE_TEXT.failed}: ${caught.message}` : DELETE_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button review-form__delete" onClick={() => setOpen(true)}>
        Delete review
      </button>
      {open && (
        <Modal
          native
          onClose={() => setOpen(false)}
          dismissible={!busy}
          closeOnBackdrop={false}
          labelledBy="review-delete-title"
          describedBy="review-delete-text"
          className="review-form__dialog"
        >
          <h2 id="review-delete-title">{DELETE_TEXT.title}</h2>
          <p id="review-delete-text">{DELETE_TEXT.question}</p>
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
            <button
              type="button"
              className="button review-form__delete review-form__delete--confirm"
              onClick={() => void confirm()}
              disabled={busy}
            >
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
