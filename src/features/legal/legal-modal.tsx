// The terms and privacy modal (spec 000 §2), opened from the signup form's terms checkbox: title,
// 'Last updated: January 15, 2024', a contents list of the headings up to level 3 (a sidebar on
// large screens, a toggle panel on small ones); Escape or the backdrop closes it; the page behind
// does not scroll while it is open.
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../auth/use-dialog.ts';
import { LegalArticle, LegalToc, LegalTocToggle } from './legal-article.tsx';
import { PRIVACY, TERMS, TERMS_LAST_UPDATED, tableOfContents } from './legal-content.tsx';
import './legal.css';

const ENTRIES = tableOfContents([TERMS, PRIVACY], true);

export default function LegalModal({ onClose }: { readonly onClose: () => void }) {
  const ids = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useDialog(dialog, onClose);
  return createPortal(
    <div className="legal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) { e.preventDefault(); onClose(); } }}>
      <div ref={dialog} className="legal-modal" role="dialog" aria-modal="true" aria-labelledby={`${ids}-title`} tabIndex={-1}>
        <header className="legal-modal__head">
          <div>
            <h2 id={`${ids}-title`} className="legal-modal__title">Terms of Service and Privacy Policy</h2>
            <p className="legal__updated">Last updated: {TERMS_LAST_UPDATED}</p>
          </div>
          <button type="button" className="legal-modal__close" aria-label="Close" onClick={onClose}>×</button>
        </header>
        <div className="legal-modal__layout">
          <aside className="legal-modal__sidebar"><LegalToc entries={ENTRIES} /></aside>
          <div className="legal-modal__body legal">
            <div className="legal-modal__toggle"><LegalTocToggle entries={ENTRIES} /></div>
            <LegalArticle doc={TERMS} level={2} />
            <LegalArticle doc={PRIVACY} level={2} />
          </div>
        </div>
        <footer className="legal-modal__foot">
          <button type="button" className="button button--primary" onClick={onClose}>Close</button>
        </footer>
      </div>
    </div>,
    document.body,
  );
}
