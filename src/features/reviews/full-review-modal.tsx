// The whole text of a long review (spec 000 §2: the review page cuts it at 500 characters and a
// 'more' control opens this). A modal <dialog>: Escape, the close button or the backdrop close it,
// and focus returns to the 'more' control.
import { useId } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
import { formatRating } from '../../core/format.ts';
import { SpoilerText } from './spoiler.tsx';

export interface FullReviewModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly author: string;
  readonly game: string;
  readonly rating: number;
  readonly text: string;
}

export function FullReviewModal({ open, onClose, author, game, rating, text }: FullReviewModalProps) {
  const dialog = useModalDialog(open);
  const id = useId();

  return (
    <dialog
      ref={dialog}
      className="full-review"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}
    >
      <div className="full-review__frame">
        <header className="full-review__head">
          <div>
            <h2 id={`${id}-title`} className="full-review__title">{author}&rsquo;s review</h2>
            <p className="full-review__game">{game} · <strong>{formatRating(rating)}</strong>/10</p>
          </div>
          <button type="button" className="full-review__close" onClick={onClose} aria-label="Close full review" autoFocus>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="full-review__text" tabIndex={0}><SpoilerText text={text} /></div>
      </div>
    </dialog>
  );
}
