// The terms and privacy modal, opened from the signup form's terms checkbox: title,
// 'Last updated: January 15, 2024', a contents list of the headings up to level 3 (a sidebar on
// large screens, a toggle panel on small ones); Escape or the backdrop closes it; the page behind
// does not scroll while it is open.
import { useId } from 'react';
import { Modal } from '../../ui/modal/modal.tsx';
import { LegalArticle, LegalToc, LegalTocToggle } from './legal-article.tsx';
import { PRIVACY, TERMS, TERMS_LAST_UPDATED, tableOfContents } from './legal-content.tsx';
import './legal.css';

const ENTRIES = tableOfContents([TERMS, PRIVACY], true);

export default function LegalModal({ onClose }: { readonly onClose: () => void }) {
  const ids = useId();
  return (
    <Modal onClose={onClose} labelledBy={`${ids}-title`} backdropClassName="legal-backdrop" className="legal-modal">
      {/* Divs, not <header>/<footer>: the panel is portalled into <body>, outside any sectioning
          element, where those would be the page's second banner and contentinfo landmarks. */}
      <div className="legal-modal__head">
        <div>
          <h2 id={`${ids}-title`} className="legal-modal__title">
            Terms of Service and Privacy Policy
          </h2>
          <p className="legal__updated">Last updated: {TERMS_LAST_UPDATED}</p>
        </div>
        <button type="button" className="legal-modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="legal-modal__layout">
        <aside className="legal-modal__sidebar">
          <LegalToc entries={ENTRIES} />
        </aside>
        <div className="legal-modal__body legal">
          <div className="legal-modal__toggle">
            <LegalTocToggle entries={ENTRIES} />
          </div>
          <LegalArticle doc={TERMS} level={2} />
          <LegalArticle doc={PRIVACY} level={2} />
        </div>
      </div>
      <div className="legal-modal__foot">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
