// The profile's dialogs (followers, games, reviews, edit settings): centred on desktop, a sheet
// from the bottom below 768 px. Locks the page behind it, keeps Tab inside, closes on Escape and
// on the backdrop, and gives focus back to whatever opened it.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ProfileModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Under the title (tabs, sort buttons). */
  readonly toolbar?: ReactNode;
  readonly footer?: ReactNode;
  readonly size?: 'normal' | 'wide';
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ProfileModal({ title, onClose, children, toolbar, footer, size = 'normal' }: ProfileModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useLayoutEffect(() => { close.current = onClose; });

  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const first = dialog.current?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.current;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab' && dialog.current) {
        const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
        const [head, tail] = [items[0], items.at(-1)];
        if (!head || !tail) return;
        if (event.shiftKey && (document.activeElement === head || document.activeElement === dialog.current)) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  // A route change under the modal (a link inside it) closes it.
  useEffect(() => {
    const onPop = () => close.current();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return createPortal(
    <div className="profile-modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={dialog} className={`profile-modal profile-modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="profile-modal__head">
          <h2 id={titleId} className="profile-modal__title">{title}</h2>
          <button type="button" className="profile-modal__close" aria-label="Close" onClick={onClose}>×</button>
        </header>
        {toolbar && <div className="profile-modal__toolbar">{toolbar}</div>}
        <div className="profile-modal__body">{children}</div>
        {footer && <footer className="profile-modal__foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** A row of tab-like buttons for a modal's toolbar (games tabs, review sorts). */
export function SegmentedButtons<T extends string>({ label, options, value, onChange }: {
  readonly label: string;
  readonly options: ReadonlyArray<{ value: T; label: string; count?: number }>;
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  return (
    <div className="profile-segments" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" className="profile-segments__item" aria-pressed={o.value === value} onClick={() => onChange(o.value)}>
          {o.label}{o.count !== undefined && <span className="profile-segments__count">{o.count}</span>}
        </button>
      ))}
    </div>
  );
}
