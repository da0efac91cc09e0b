// The one modal of the app: a panel over a backdrop, rendered into <body>, with the behaviour of
// useModal (scroll lock, focus in and back, Tab kept inside, Escape). Each screen keeps its own look
// through `backdropClassName` and `className`; the layout (centred, a sheet on phones) is theirs.
// `native` renders the panel as a <dialog> opened with showModal() instead, for the dialogs that were
// built that way (their look hangs on ::backdrop, and the top layer makes the page behind inert).
import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModal, type InitialFocus } from './use-modal.ts';
import './modal.css';

export interface ModalProps {
  /** Escape, the backdrop and the close buttons the caller wires up. */
  readonly onClose: () => void;
  /** False while a close must not happen (a submit under way): Escape and the backdrop do nothing. */
  readonly dismissible?: boolean;
  /** A press on the backdrop closes (default true). */
  readonly closeOnBackdrop?: boolean;
  readonly role?: 'dialog' | 'alertdialog';
  readonly labelledBy: string;
  readonly describedBy?: string;
  readonly className: string;
  readonly backdropClassName?: string;
  readonly initialFocus?: InitialFocus;
  readonly native?: boolean;
  readonly panelRef?: RefObject<HTMLElement | null>;
  readonly children: ReactNode;
}

export function Modal(props: ModalProps) {
  const {
    onClose,
    dismissible = true,
    closeOnBackdrop = true,
    role = 'dialog',
    labelledBy,
    describedBy,
    className,
    backdropClassName,
    initialFocus,
    native = false,
    children,
  } = props;
  const own = useRef<HTMLElement>(null);
  const panel = props.panelRef ?? own;
  const nativeRef = useRef<HTMLDialogElement>(null);
  useModal(panel, { onEscape: onClose, escapeCloses: dismissible, initialFocus, native });
  const aria = { role, 'aria-modal': true, 'aria-labelledby': labelledBy, 'aria-describedby': describedBy } as const;

  if (native) {
    return (
      <dialog
        ref={(node) => {
          nativeRef.current = node;
          panel.current = node;
        }}
        className={`modal-panel ${className}`}
        {...aria}
        tabIndex={-1}
        onCancel={(e) => e.preventDefault()}
        // Should the browser still close it on its own (its close-request rules), React's state follows.
        onClose={() => {
          if (nativeRef.current?.isConnected) onClose();
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget && closeOnBackdrop && dismissible) onClose();
        }}
      >
        {children}
      </dialog>
    );
  }
  return createPortal(
    // preventDefault: the press would otherwise move focus to <body> after it went back to the opener.
    <div
      className={`modal-backdrop ${backdropClassName ?? ''}`}
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        if (closeOnBackdrop && dismissible) onClose();
      }}
    >
      <div
        ref={(node) => {
          panel.current = node;
        }}
        className={`modal-panel ${className}`}
        {...aria}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
