// The profile's dialogs (followers, games, reviews, edit settings, export): centred on desktop, a sheet
// from the bottom below 768 px. The shared Modal locks the page, keeps Tab inside, closes on Escape
// and on the backdrop, and gives focus back to whatever opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Modal } from '../../ui/modal/modal.tsx';

export interface ProfileModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Under the title (tabs, sort buttons). */
  readonly toolbar?: ReactNode;
  readonly footer?: ReactNode;
  readonly size?: 'normal' | 'wide';
  /** False while something runs that must not be left half done: Escape, the backdrop and × do nothing. */
  readonly dismissible?: boolean;
  /**
   * For a body that may scroll with nothing focusable in it (a long read-only list): names it and
   * makes it a tab stop, so the keyboard can scroll it.
   */
  readonly bodyLabel?: string;
}

export function ProfileModal({
  title,
  onClose,
  children,
  toolbar,
  footer,
  size = 'normal',
  dismissible = true,
  bodyLabel,
}: ProfileModalProps) {
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // A route change under the modal (a link inside it) closes it.
  useEffect(() => {
    const onPop = () => close.current();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return (
    <Modal
      onClose={onClose}
      dismissible={dismissible}
      labelledBy={titleId}
      backdropClassName="profile-modal-backdrop"
      className={`profile-modal profile-modal--${size}`}
    >
      {/* A div, not <header>/<footer>: the panel is portalled into <body>, outside any sectioning
          element, where those would be the page's second banner and contentinfo landmarks. */}
      <div className="profile-modal__head">
        <h2 id={titleId} className="profile-modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="profile-modal__close"
          aria-label="Close"
          onClick={onClose}
          disabled={!dismissible}
        >
          ×
        </button>
      </div>
      {toolbar && <div className="profile-modal__toolbar">{toolbar}</div>}
      <div
        className="profile-modal__body"
        {...(bodyLabel ? { tabIndex: 0, role: 'region', 'aria-label': bodyLabel } : {})}
      >
        {children}
      </div>
      {footer && <div className="profile-modal__foot">{footer}</div>}
    </Modal>
  );
}

/** A row of tab-like buttons for a modal's toolbar (games tabs, review sorts). */
export function SegmentedButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  readonly label: string;
  readonly options: ReadonlyArray<{ value: T; label: string; count?: number }>;
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  return (
    <div className="profile-segments" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className="profile-segments__item"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
          {o.count !== undefined && <span className="profile-segments__count">{o.count}</span>}
        </button>
      ))}
    </div>
  );
}

/** A modal's list while its rows are read (or its code is loaded). */
export function ListSkeleton({ rows = 3 }: { readonly rows?: number }) {
  return (
    <div className="profile-list-skeleton" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton profile-list-skeleton__row" />
      ))}
    </div>
  );
}
