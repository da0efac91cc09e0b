// The Top 5 remove-confirmation modal (spec 002 §2): focus starts on Cancel, Tab stays inside,
// Escape or the backdrop cancels, and focus goes back to whatever opened it.
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export function ConfirmRemoveDialog({ gameName, onCancel, onConfirm }: { gameName: string; onCancel(): void; onConfirm(): void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') { event.preventDefault(); onCancelRef.current(); return; }
      if (event.key !== 'Tab' || !dialog.current) return;
      const buttons = [...dialog.current.querySelectorAll<HTMLButtonElement>('button')];
      const first = buttons[0];
      const last = buttons.at(-1);
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last?.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first?.focus(); }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="top5-modal__backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onCancel(); }}>
      <div ref={dialog} className="top5-modal" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={`${titleId}-text`}>
        <h2 id={titleId} className="top5-modal__title">Remove from Top 5?</h2>
        <p id={`${titleId}-text`} className="top5-modal__text">
          <strong>{gameName}</strong> will be removed from your Top 5. The games below it move up a place.
        </p>
        <div className="top5-modal__actions">
          <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel}>Cancel</button>
          <button type="button" className="button top5-modal__remove" onClick={onConfirm}>Remove</button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
