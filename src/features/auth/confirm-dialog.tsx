// A small alert dialog with a cancel and a confirm button, for the account actions that cannot be
// undone (signing out over unsynced changes, deleting the account).
import { useId, useRef, type ReactNode } from 'react';
import { Modal } from '../../ui/modal/modal.tsx';
import './auth.css';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly cancelLabel: string;
  readonly confirmLabel: string;
  readonly busyLabel?: string;
  readonly busy?: boolean;
  readonly error?: string | null;
  readonly tone?: 'danger' | 'primary';
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  tone = 'danger',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const ids = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      onClose={close}
      dismissible={!busy}
      role="alertdialog"
      labelledBy={`${ids}-t`}
      describedBy={`${ids}-d`}
      initialFocus={cancel}
      backdropClassName="auth-backdrop"
      className="auth-modal auth-confirm"
    >
      <h2 id={`${ids}-t`} className="auth-confirm__title">
        {title}
      </h2>
      <div id={`${ids}-d`} className="auth-confirm__text">
        {children}
      </div>
      {error && (
        <div className="auth-notice auth-notice--error" role="alert">
          {error}
        </div>
      )}
      <div className="auth-confirm__actions">
        <button ref={cancel} type="button" className="button button--ghost" disabled={busy} onClick={close}>
          {cancelLabel}
        </button>
        <button type="button" className={`button button--${tone}`} disabled={busy} onClick={onConfirm}>
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
