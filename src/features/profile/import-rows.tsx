// The import preview's lists (import-data-modal.tsx): rows that need a choice (the best candidates,
// or the game picker), rows not found (skipped, or searched by hand), disagreements with the
// library (keep mine / take the file's), and what will be added or changed. Long lists show a page
// at a time.
import { Fragment, useState, type ReactNode } from 'react';
import type { Choice, RowPlan } from '../../core/import/plan.ts';
import type { MatchCandidate } from '../../core/import/match.ts';
import type { ImportRow } from '../../core/import/types.ts';

const PAGE = 50;

export function Paged<T>({
  items,
  render,
  label,
}: {
  readonly items: readonly T[];
  readonly render: (item: T) => ReactNode;
  readonly label: string;
}) {
  const [shown, setShown] = useState(PAGE);
  return (
    <>
      <ul className="import-list">{items.slice(0, shown).map(render)}</ul>
      {items.length > shown && (
        <button
          type="button"
          className="button button--ghost import-list__more"
          onClick={() => setShown((n) => n + PAGE)}
        >
          Show {Math.min(PAGE, items.length - shown)} more {label} ({items.length - shown} left)
        </button>
      )}
    </>
  );
}

const fileYear = (row: ImportRow) => (row.year === null ? '' : ` (${row.year})`);
const gameLabel = (g: MatchCandidate) => `${g.name}${g.year === null ? '' : ` (${g.year})`}`;

export function ChoiceRow({
  row,
  candidates,
  onPick,
  onSearch,
}: {
  readonly row: ImportRow;
  readonly candidates: readonly MatchCandidate[];
  readonly onPick: (game: MatchCandidate) => void;
  readonly onSearch: () => void;
}) {
  return (
    <li className="import-row">
      <p className="import-row__title">
        Row {row.line}: <strong>{row.title}</strong>
        {fileYear(row)}
      </p>
      <div className="import-row__choices" role="group" aria-label={`Which game is "${row.title}"?`}>
        {candidates.map((c) => (
          <button key={c.igdb_id} type="button" className="import-chip" onClick={() => onPick(c)}>
            {gameLabel(c)}
          </button>
        ))}
        <button type="button" className="import-chip import-chip--search" onClick={onSearch}>
          Search…
        </button>
      </div>
    </li>
  );
}

export function MissingRow({ row, onSearch }: { readonly row: ImportRow; readonly onSearch: () => void }) {
  return (
    <li className="import-row import-row--inline">
      <p className="import-row__title">
        Row {row.line}: <strong>{row.title}</strong>
        {fileYear(row)} <span className="import-row__muted">· skipped</span>
      </p>
      <button type="button" className="import-chip import-chip--search" onClick={onSearch}>
        Search…
      </button>
    </li>
  );
}

export function ConflictRow({
  plan,
  choice,
  onChoose,
}: {
  readonly plan: RowPlan;
  readonly choice: Choice;
  readonly onChoose: (c: Choice) => void;
}) {
  const name = `import-conflict-${plan.line}`;
  return (
    <li className="import-row">
      <p className="import-row__title">
        <strong>{plan.game.name}</strong>
      </p>
      {plan.conflicts.map((c) => (
        <p key={c.kind} className="import-row__muted">
          {c.kind === 'rating' ? 'Review' : 'List'}: yours {c.mine} · the file's {c.file}
        </p>
      ))}
      <div
        className="import-row__choices"
        role="radiogroup"
        aria-label={`${plan.game.name}: keep yours or take the file's`}
      >
        <label className="import-radio">
          <input type="radio" name={name} checked={choice === 'mine'} onChange={() => onChoose('mine')} /> Keep mine
        </label>
        <label className="import-radio">
          <input type="radio" name={name} checked={choice === 'file'} onChange={() => onChoose('file')} /> Take the
          file's
        </label>
      </div>
    </li>
  );
}

export function ChangeRow({ plan }: { readonly plan: RowPlan }) {
  return (
    <li className="import-row">
      <p className="import-row__title">
        <strong>{gameLabel(plan.game)}</strong>{' '}
        <span className={`import-badge${plan.isNew ? ' import-badge--new' : ''}`}>
          {plan.isNew ? 'New' : 'Changes'}
        </span>
      </p>
      <p className="import-row__muted">
        {/* Each change kept whole on a narrow screen (a date never breaks at its hyphens). */}
        {plan.changes.map((c, i) => (
          <Fragment key={c}>
            {i > 0 && ' · '}
            <span className="import-row__change">{c}</span>
          </Fragment>
        ))}
      </p>
      {plan.skipped.length > 0 && <p className="import-row__warn">{plan.skipped.join(' ')}</p>}
    </li>
  );
}
