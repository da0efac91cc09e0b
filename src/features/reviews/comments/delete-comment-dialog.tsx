// "Delete Comment / Are you sure you want to delete this comment?" with Cancel and Delete
// ('Deleting...' while busy), spec 000 §4. A modal <dialog>: focus stays inside, Escape cancels
// (unless a delete is under way), Cancel has the first focus so Enter never deletes by accident.
import { useId } from 'react';
import { useModalDialog } from '../use-modal-dialog.ts';

export interface DeleteCommentDialogProps {
  readonly open: boolean;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

export function DeleteCommentDialog({ open, busy, onCancel, onConfirm }: DeleteCommentDialogProps) {
  const dialog = useModalDialog(open);
  const id = useId();

  return (
    <dialog
      ref={dialog}
      className="comment-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      role="alertdialog"
      onCancel={(e) => { e.preventDefault(); if (!busy) onCancel(); }}
      onClick={(e) => { if (e.target === e.currentTarget && !busy) onCancel(); }}
    >
      <div className="comment-dialog__body">
        <h2 id={`${id}-title`} className="comment-dialog__title">Delete Comment</h2>
        <p id={`${id}-text`} className="comment-dialog__text">Are you sure you want to delete this comment?</p>
        <div className="comment-dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy} autoFocus>Cancel</button>
          <button type="button" className="button comment-dialog__delete" onClick={onConfirm} aria-disabled={busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </div>
    </dialog>
  );
}
