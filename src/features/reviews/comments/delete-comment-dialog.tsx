// "Delete Comment / Are you sure you want to delete this comment?" with Cancel and Delete
// ('Deleting...' while busy), as the spec words it. The shared Modal as a native <dialog>: focus
// stays inside, Escape cancels (unless a delete is under way), Cancel has the first focus so Enter
// never deletes by accident.
import { useId } from 'react';
import { Modal } from '../../../ui/modal/modal.tsx';

export interface DeleteCommentDialogProps {
  readonly open: boolean;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

export function DeleteCommentDialog({ open, busy, onCancel, onConfirm }: DeleteCommentDialogProps) {
  const id = useId();
  if (!open) return null;
  return (
    <Modal
      native
      onClose={onCancel}
      dismissible={!busy}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      className="comment-dialog"
    >
      <div className="comment-dialog__body">
        <h2 id={`${id}-title`} className="comment-dialog__title">
          Delete Comment
        </h2>
        <p id={`${id}-text`} className="comment-dialog__text">
          Are you sure you want to delete this comment?
        </p>
        <div className="comment-dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button comment-dialog__delete" onClick={onConfirm} aria-disabled={busy}>
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
