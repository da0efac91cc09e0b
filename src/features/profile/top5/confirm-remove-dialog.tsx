// The Top 5 remove-confirmation modal: focus starts on Cancel, Tab stays inside,
// Escape or the backdrop cancels, and focus goes back to whatever opened it (the shared Modal).
import { useId, useRef } from 'react';
import { Modal } from '../../../ui/modal/modal.tsx';

export function ConfirmRemoveDialog({
  gameName,
  onCancel,
  onConfirm,
}: {
  gameName: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      onClose={onCancel}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={`${titleId}-text`}
      initialFocus={cancel}
      backdropClassName="top5-modal__backdrop"
      className="top5-modal"
    >
      <h2 id={titleId} className="top5-modal__title">
        Remove from Top 5?
      </h2>
      <p id={`${titleId}-text`} className="top5-modal__text">
        <strong>{gameName}</strong> will be removed from your Top 5. The games below it move up a place.
      </p>
      <div className="top5-modal__actions">
        <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button top5-modal__remove" onClick={onConfirm}>
          Remove
        </button>
      </div>
    </Modal>
  );
}
