// One legal document rendered with headings from `level` down (2 in the modal, where both documents
// sit under the dialog title; 1 on its own page), and the contents list that links to them.
import { useState, type ReactNode } from 'react';
import type { LegalDocument, TocEntry } from './legal-content.tsx';
import { TERMS_LAST_UPDATED } from './legal-content.tsx';

function Heading({
  level,
  id,
  children,
}: {
  readonly level: number;
  readonly id: string;
  readonly children: ReactNode;
}) {
  const Tag = (['h1', 'h2', 'h3', 'h4'] as const)[Math.min(level, 4) - 1] ?? 'h4';
  return (
    <Tag id={id} className={`legal__h legal__h--${level}`} tabIndex={-1}>
      {children}
    </Tag>
  );
}

export function LegalArticle({
  doc,
  level,
  showUpdated = false,
}: {
  readonly doc: LegalDocument;
  readonly level: 1 | 2;
  readonly showUpdated?: boolean;
}) {
  return (
    <article className="legal__doc" aria-labelledby={doc.id}>
      <Heading level={level} id={doc.id}>
        {doc.title}
      </Heading>
      {showUpdated && <p className="legal__updated">Last updated: {TERMS_LAST_UPDATED}</p>}
      <div className="legal__intro">{doc.intro}</div>
      {doc.sections.map((section) => (
        <section key={section.id} className="legal__section">
          <Heading level={level + 1} id={section.id}>
            {section.title}
          </Heading>
          {section.body}
          {section.subsections?.map((sub) => (
            <div key={sub.id} className="legal__sub">
              <Heading level={level + 2} id={sub.id}>
                {sub.title}
              </Heading>
              {sub.body}
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}

/** The contents list: jumps to a heading inside `scroller` (the modal's body, or the page). */
export function LegalToc({
  entries,
  onJump,
  label = 'Contents',
}: {
  readonly entries: readonly TocEntry[];
  readonly onJump?: () => void;
  readonly label?: string;
}) {
  const jump = (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
    onJump?.();
  };
  return (
    <nav className="legal-toc" aria-label={label}>
      <p className="legal-toc__title">{label}</p>
      <ol className="legal-toc__list">
        {entries.map((entry) => (
          <li key={entry.id} className={`legal-toc__item legal-toc__item--${entry.level}`}>
            <a
              href={`#${entry.id}`}
              onClick={(e) => {
                e.preventDefault();
                jump(entry.id);
              }}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Below 1024 px the contents list folds into a panel opened by a toggle. */
export function LegalTocToggle({ entries }: { readonly entries: readonly TocEntry[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="legal-toc-toggle">
      <button
        type="button"
        className="button button--ghost legal-toc-toggle__button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide contents' : 'Show contents'}
      </button>
      {open && <LegalToc entries={entries} onJump={() => setOpen(false)} />}
    </div>
  );
}
