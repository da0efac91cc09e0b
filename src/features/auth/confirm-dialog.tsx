// A small alert dialog with a cancel and a confirm button, for the account actions that cannot be
// undone (signing out over unsynced changes, deleting the account).
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog.ts';
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

export function ConfirmDialog({ title, children, cancelLabel, confirmLabel, busyLabel, busy = false, error, tone = 'danger', onCancel, onConfirm }: ConfirmDialogProps) {
  const ids = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => { if (!busy) onCancel(); };
  useDialog(dialog, close, cancel);
  return createPortal(
    <div className="auth-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) { e.preventDefault(); close(); } }}>
      <div ref={dialog} className="auth-modal auth-confirm" role="alertdialog" aria-modal="true" aria-labelledby={`${ids}-t`} aria-describedby={`${ids}-d`} tabIndex={-1}>
        <h2 id={`${ids}-t`} className="auth-confirm__title">{title}</h2>
        <div id={`${ids}-d`} className="auth-confirm__text">{children}</div>
        {error && <div className="auth-notice auth-notice--error" role="alert">{error}</div>}
        <div className="auth-confirm__actions">
          <button ref={cancel} type="button" className="button button--ghost" disabled={busy} onClick={close}>{cancelLabel}</button>
          <button type="button" className={`button button--${tone}`} disabled={busy} onClick={onConfirm}>{busy ? (busyLabel ?? confirmLabel) : confirmLabel}</button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
