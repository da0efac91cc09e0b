// The Library tab's filter bar: the filter box, a Filters toggle (its badge counts the
// filters set) opening status, platform, rating range, release year and reviewed, and the sort.
// Everything it changes goes to the address (use-library-query.ts).
import { useId, useState, type ReactNode } from 'react';
import {
  activeFilterCount,
  LIBRARY_SORTS,
  LIBRARY_STATUS_LABELS,
  LIBRARY_STATUSES,
  RATING_MAX,
  RATING_MIN,
  type LibraryQuery,
  type LibrarySort,
  type LibraryStatus,
} from '../../../core/library/library-query.ts';
import { useShownChoice } from '../../../ui/layout/address-params.ts';
import { FilterBox } from './filter-box.tsx';

const RATINGS = Array.from({ length: (RATING_MAX - RATING_MIN) * 2 + 1 }, (_, i) => RATING_MIN + i / 2);

export interface LibraryFiltersProps {
  readonly query: LibraryQuery;
  readonly onChange: (patch: Partial<LibraryQuery>) => void;
  readonly platforms: readonly string[];
  readonly years: readonly number[];
  readonly count: string;
}

export function LibraryFilters({ query: rendered, onChange, platforms, years, count }: LibraryFiltersProps) {
  // A choice shows at once, before the address it goes to renders.
  const [query, choose] = useShownChoice(rendered, onChange);
  const active = activeFilterCount(query);
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  // A value from a shared link that this library does not hold still shows as chosen.
  const platformList =
    query.platform !== null && !platforms.includes(query.platform) ? [...platforms, query.platform] : platforms;
  const yearList = query.year !== null && !years.includes(query.year) ? [...years, query.year] : years;
  const clear = () =>
    choose({ status: null, platform: null, ratingMin: null, ratingMax: null, year: null, reviewed: null });
  return (
    <div className="library-bar">
      <div className="library-bar__row">
        <FilterBox label="Filter games" value={query.text} onChange={(text) => onChange({ text })} />
        <div className="library-bar__tools">
          <button
            type="button"
            className="button button--ghost library-bar__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            <FilterIcon /> Filters
            {active > 0 && (
              <span className="library-badge" aria-label={`${active} active`}>
                {active}
              </span>
            )}
          </button>
          <Field label="Sort by" inline>
            {(id) => (
              <select id={id} value={query.sort} onChange={(e) => choose({ sort: e.target.value as LibrarySort })}>
                {LIBRARY_SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </div>
      <section id={panelId} className="library-filters" aria-label="Filters" hidden={!open}>
        <Field label="Status">
          {(id) => (
            <select
              id={id}
              value={query.status ?? ''}
              onChange={(e) => choose({ status: e.target.value === '' ? null : (e.target.value as LibraryStatus) })}
            >
              <option value="">Any status</option>
              {LIBRARY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LIBRARY_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Platform">
          {(id) => (
            <select
              id={id}
              value={query.platform ?? ''}
              onChange={(e) => choose({ platform: e.target.value === '' ? null : e.target.value })}
            >
              <option value="">All platforms</option>
              {platformList.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="library-field library-field--range" role="group" aria-label="Rating">
          <span aria-hidden="true">Rating</span>
          <div className="library-field__pair">
            <label className="visually-hidden" htmlFor={`${panelId}-min`}>
              Lowest rating
            </label>
            <select
              id={`${panelId}-min`}
              value={query.ratingMin ?? ''}
              onChange={(e) => choose({ ratingMin: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Any</option>
              {RATINGS.filter((r) => query.ratingMax === null || r <= query.ratingMax).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <span aria-hidden="true">to</span>
            <label className="visually-hidden" htmlFor={`${panelId}-max`}>
              Highest rating
            </label>
            <select
              id={`${panelId}-max`}
              value={query.ratingMax ?? ''}
              onChange={(e) => choose({ ratingMax: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Any</option>
              {RATINGS.filter((r) => query.ratingMin === null || r >= query.ratingMin).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Field label="Release year">
          {(id) => (
            <select
              id={id}
              value={query.year ?? ''}
              onChange={(e) => choose({ year: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Any year</option>
              {yearList.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Review">
          {(id) => (
            <select
              id={id}
              value={query.reviewed ?? ''}
              onChange={(e) =>
                choose({ reviewed: e.target.value === 'yes' || e.target.value === 'no' ? e.target.value : null })
              }
            >
              <option value="">Reviewed or not</option>
              <option value="yes">Reviewed</option>
              <option value="no">Not reviewed</option>
            </select>
          )}
        </Field>
        {active > 0 && (
          <button type="button" className="button button--ghost library-filters__clear" onClick={clear}>
            Clear filters
          </button>
        )}
      </section>
      <p className="library-bar__count" aria-live="polite">
        {count}
      </p>
    </div>
  );
}

function Field({ label, inline, children }: { label: string; inline?: boolean; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={`library-field${inline ? ' library-field--inline' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

const FilterIcon = () => (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
    <path d="M2 3h12M4.5 8h7M7 13h2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);
