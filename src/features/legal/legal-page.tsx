// /terms and /privacy: the same text as the modal, one document per page, with its contents list
// (sticky beside the text on desktop, a toggle panel below 1024 px) and a link to the other one.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { LegalArticle, LegalToc, LegalTocToggle } from './legal-article.tsx';
import { tableOfContents, type LegalDocument } from './legal-content.tsx';
import './legal.css';
import { documentTitle } from '../../core/page-meta.ts';

export function LegalPage({
  doc,
  other,
}: {
  readonly doc: LegalDocument;
  readonly other: { readonly to: string; readonly label: string };
}) {
  const entries = tableOfContents([doc], false);
  useEffect(() => {
    document.title = documentTitle(doc.title);
  }, [doc.title]);
  return (
    <main className="page legal-page">
      <aside className="legal-page__sidebar">
        <LegalToc entries={entries} />
      </aside>
      <div className="legal legal-page__body">
        <div className="legal-page__toggle">
          <LegalTocToggle entries={entries} />
        </div>
        <LegalArticle doc={doc} level={1} showUpdated />
        <p className="legal-page__other">
          See also: <Link to={other.to}>{other.label}</Link>
        </p>
      </div>
    </main>
  );
}
