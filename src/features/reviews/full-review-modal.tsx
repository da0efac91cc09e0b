// The whole text of a long review (the review page cuts it at 500 characters and a
// 'more' control opens this). The shared Modal as a native <dialog>: Escape, the close button or the
// backdrop close it, and focus returns to the 'more' control.
import { useId } from 'react';
import { Modal } from '../../ui/modal/modal.tsx';
import { formatRating } from '../../core/format.ts';
import { SpoilerText } from '../../ui/review-card/spoiler.tsx';

export interface FullReviewModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly author: string;
  readonly game: string;
  readonly rating: number;
  readonly text: string;
}

export function FullReviewModal({ open, onClose, author, game, rating, text }: FullReviewModalProps) {
  const id = useId();
  if (!open) return null;

  return (
    <Modal native onClose={onClose} labelledBy={`${id}-title`} className="full-review">
      <div className="full-review__frame">
        {/* A div, as every dialog's head (ui/modal/CONTEXT.md): inside <main> a <header> is no
            banner, but the dialog must not depend on where the page happens to mount it. */}
        <div className="full-review__head">
          <div>
            <h2 id={`${id}-title`} className="full-review__title">
              {author}&rsquo;s review
            </h2>
            <p className="full-review__game">
              {game} · <strong>{formatRating(rating)}</strong>/10
            </p>
          </div>
          <button
            type="button"
            className="full-review__close"
            onClick={onClose}
            aria-label="Close full review"
            data-autofocus
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="full-review__text" tabIndex={0}>
          <SpoilerText text={text} rich />
        </div>
      </div>
    </Modal>
  );
}
