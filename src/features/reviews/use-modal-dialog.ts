// A native <dialog> shown as a modal while `open` is true (focus trap, Escape and the backdrop come
// with it): the ref goes on the <dialog>.
import { useEffect, useRef } from 'react';

export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);
  return dialog;
}
