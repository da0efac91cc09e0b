// A bottom sheet for small screens: slides up over a backdrop, locks the page's scroll, and closes
// on Escape, a tap on the backdrop, or a downward swipe/drag of more than 50 px; closing animates
// for 300 ms before `onClose`. Scroll lock, focus in and back out, Tab kept inside and Escape are
// the shared modal's (useModal).
import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { SHEET_CLOSE_MS, SHEET_SWIPE_CLOSE_PX } from '../../core/game-page.ts';
import { useModal } from '../../ui/modal/use-modal.ts';

export interface BottomSheetProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: (close: () => void) => ReactNode;
}

/** Mount it to open it; it calls onClose once its closing animation has run. */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);
  const [drag, setDrag] = useState<number | null>(null);
  // The gesture lives in a ref: pointer events can outrun renders, so state would lag behind.
  const start = useRef<{ y: number; id: number; dy: number | null } | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const close = () => setClosing(true);

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => onCloseRef.current(), SHEET_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [closing]);

  useModal(sheet, { onEscape: close, initialFocus: 'first' });

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (closing || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = { y: e.clientY, id: e.pointerId, dy: null };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const gesture = start.current;
    if (!gesture || gesture.id !== e.pointerId) return;
    const dy = Math.max(0, e.clientY - gesture.y);
    if (gesture.dy === null && dy < 4) return; // a tap stays a tap
    if (gesture.dy === null) e.currentTarget.setPointerCapture(e.pointerId);
    gesture.dy = dy;
    setDrag(dy);
  };
  const onPointerEnd = (e: ReactPointerEvent<HTMLDivElement>) => {
    const gesture = start.current;
    if (!gesture || gesture.id !== e.pointerId) return;
    start.current = null;
    const dy = gesture.dy;
    setDrag(null);
    if (dy !== null && dy > SHEET_SWIPE_CLOSE_PX) setClosing(true);
  };

  const state = closing ? 'closing' : 'open';
  return (
    <div className={`bottom-sheet bottom-sheet--${state}`} style={{ ['--sheet-ms' as string]: `${SHEET_CLOSE_MS}ms` }}>
      <div className="bottom-sheet__backdrop" onClick={close} aria-hidden="true" />
      <div
        ref={sheet}
        className="bottom-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={drag !== null ? { transform: `translateY(${drag}px)`, transition: 'none' } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="bottom-sheet__handle" aria-hidden="true" />
        <h2 id={titleId} className="bottom-sheet__title">
          {title}
        </h2>
        {children(close)}
      </div>
    </div>
  );
}
