// "Import…": a Checkpoint export, a Grouvee export, or any CSV (with a column-mapping
// step). The file is read and matched in a worker (data/import/client.ts) with a progress bar; the
// preview shows what will be added and changed and writes nothing until the member confirms; then
// the writes go through the outbox in batches (data/import/jobs.ts), cancellable and resumable.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FIELD_LABELS, MAPPED_FIELDS, type ColumnMapping, type MappedField } from '../../core/import/columns.ts';
import { IMPORT_MAX_BYTES, IMPORT_TEXT } from '../../core/import/constants.ts';
import { RATING_SCALES, type RatingScale } from '../../core/import/mapping.ts';
import type { MatchCandidate, RowMatch } from '../../core/import/match.ts';
import { planImport, planMutations, type Choice, type Library } from '../../core/import/plan.ts';
import type { ParsedImport } from '../../core/import/types.ts';
import { fromHit } from '../../data/import/candidates.ts';
import type { ImportProgressEvent, ImportSession } from '../../data/import/client.ts';
import { READ_CANCELLED } from '../../data/import/protocol.ts';
import {
  loadLibrary,
  memberImports,
  discardImport,
  pauseImport,
  resumeImport,
  runImport,
  startImportJob,
  watchImportSync,
  type ImportProgress,
  type ImportSyncState,
} from '../../data/import/jobs.ts';
import type { ImportJobRow } from '../../store/db.ts';
import { cleanText } from '../../core/blank-text.ts';
import { LazyGamePicker as GamePicker } from '../../ui/search/lazy-game-picker.tsx';
import { useSearchService } from '../../ui/search/search-context.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { ProfileIcon } from './profile-icons.tsx';
import { ProfileModal } from './profile-modal.tsx';
import { ChangeRow, ChoiceRow, ConflictRow, MissingRow, Paged } from './import-rows.tsx';
import './import-data.css';
import { catalogueIsFresh, stampCatalogue } from '../../data/search/catalogue-stamp.ts';

type Step =
  | { step: 'pick' }
  | { step: 'mapping'; session: ImportSession; mapping: ColumnMapping }
  | { step: 'reading'; progress: ImportProgressEvent | null }
  | { step: 'preview'; parsed: ParsedImport; library: Library }
  | { step: 'applying'; jobId: string; progress: ImportProgress | null; games: number | null }
  | { step: 'done'; progress: ImportProgress; games: number | null };

const PHASES = {
  reading: 'Reading the file…',
  catalogue: 'Loading the games on this device…',
  matching: 'Finding the games…',
  searching: 'Searching the catalogue for the rest…',
} as const;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function ProgressBar({
  label,
  done,
  total,
}: {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="import-progress">
      <div className="import-progress__label">
        <span>{label}</span>
        <span>{total > 0 ? `${done.toLocaleString('en')} / ${total.toLocaleString('en')}` : ''}</span>
      </div>
      <div
        className="import-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="import-progress__fill" style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
    </div>
  );
}

export default function ImportDataModal({
  memberId,
  onClose,
}: {
  readonly memberId: number;
  readonly onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const search = useSearchService();
  const [step, setStep] = useState<Step>({ step: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [matches, setMatches] = useState<Map<number, RowMatch>>(new Map());
  const [choices, setChoices] = useState<Map<number, Choice>>(new Map());
  const [all, setAll] = useState<Choice>('mine');
  const [picking, setPicking] = useState<number | null>(null);
  const [paused, setPaused] = useState<ImportJobRow[]>([]);
  // What the server made of the job's writes: "saved" is said only of what it accepted.
  const [synced, setSynced] = useState<ImportSyncState | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  const session = useRef<ImportSession | null>(null);
  const reading = useRef<AbortController | null>(null);
  const shown = useRef(true);
  const busy = step.step === 'reading' || step.step === 'applying';

  useEffect(() => {
    void memberImports(memberId).then(setPaused, () => undefined);
  }, [memberId]);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      stopWatching.current?.();
      reading.current?.abort();
      session.current?.close();
    };
  }, []);

  const fail = (cause: unknown) => {
    session.current?.close();
    session.current = null;
    // The member cancelled the read: back to the file choice, with nothing to say.
    const cancelled =
      typeof cause === 'object' && cause !== null && 'reason' in cause && cause.reason === READ_CANCELLED;
    setError(cancelled ? null : cause instanceof Error && cause.message ? cause.message : IMPORT_TEXT.failed);
    setStep({ step: 'pick' });
  };

  const cancelReading = () => {
    reading.current?.abort();
    reading.current = null;
    session.current?.close();
    session.current = null;
    setStep({ step: 'pick' });
  };

  const readAndMatch = async (s: ImportSession, mapping: ColumnMapping | null) => {
    setStep({ step: 'reading', progress: null });
    const online = typeof navigator === 'undefined' || navigator.onLine;
    const remote = online ? async (title: string) => (await search.searchGames(title, { limit: 10 })).games : null;
    // Matching asks the device's catalogue first and the network only for what it lacks: a device
    // that has not copied the catalogue yet (a first visit, within seconds of the page's load)
    // copies it now, once, rather than asking the network row by row.
    if (online && !catalogueIsFresh()) {
      await search.downloadCatalogue(reading.current?.signal).then(
        () => stampCatalogue(),
        () => undefined,
      );
    }
    const [result, library] = await Promise.all([s.match(mapping, remote), loadLibrary(memberId)]);
    s.close();
    session.current = null;
    setMatches(result.matches);
    setStep({ step: 'preview', parsed: result.parsed, library });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // Told at once, before the file is read at all (the worker says the same of the bytes).
    if (file.size === 0 || file.size > IMPORT_MAX_BYTES) {
      setError(file.size === 0 ? IMPORT_TEXT.empty : IMPORT_TEXT.tooLarge);
      return;
    }
    setFileName(file.name);
    setStep({ step: 'reading', progress: null });
    try {
      const controller = new AbortController();
      reading.current = controller;
      const { openImportFile } = await import('../../data/import/client.ts');
      const s = await openImportFile(
        file,
        (progress) => setStep((prev) => (prev.step === 'reading' ? { step: 'reading', progress } : prev)),
        controller.signal,
      );
      session.current = s;
      if (s.shape.kind === 'csv' && s.shape.guess) setStep({ step: 'mapping', session: s, mapping: s.shape.guess });
      else await readAndMatch(s, null);
    } catch (cause) {
      fail(cause);
    }
  };

  const plan = useMemo(
    () =>
      step.step === 'preview'
        ? planImport(step.parsed, matches, step.library, { choices, all, now: Date.now(), sanitizeReview: cleanText })
        : null,
    [step, matches, choices, all],
  );

  const apply = async (jobId: string, games: number | null, resume = false) => {
    setStep({ step: 'applying', jobId, progress: null, games });
    stopWatching.current?.();
    setSynced(null);
    stopWatching.current = watchImportSync(jobId, setSynced);
    const onProgress = (progress: ImportProgress) =>
      setStep((prev) => (prev.step === 'applying' ? { ...prev, progress } : prev));
    try {
      const end = resume ? await resumeImport(jobId, onProgress) : await runImport(jobId, onProgress);
      setStep({ step: 'done', progress: end, games });
      // The dialog says so itself while it is open; hidden, the member hears it from a toast.
      if (end.state === 'done' && !shown.current)
        toast.push(
          `Import finished: ${plural(end.total - end.refused, 'change')} on this device, syncing to your account.`,
          'info',
        );
    } catch (cause) {
      fail(cause);
    }
  };

  const confirm = async () => {
    if (!plan) return;
    try {
      const labels = [
        ...plan.rows.flatMap((r) => r.mutations.map(() => r.title)),
        ...plan.extra.map((m) => (m.name === 'top5.replace' ? 'Top 5' : 'Follow')),
      ];
      const jobId = await startImportJob(memberId, fileName, planMutations(plan), labels);
      await apply(jobId, plan.added + plan.changed);
    } catch (cause) {
      fail(cause);
    }
  };

  const setMatch = (line: number, game: MatchCandidate) =>
    setMatches((prev) => new Map(prev).set(line, { kind: 'matched', game, by: 'choice' }));

  let body: ReactNode;
  let footer: ReactNode;
  const closeButton = (
    <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
      Close
    </button>
  );

  if (step.step === 'pick') {
    body = (
      <div className="import-data">
        {error && (
          <p className="profile-form__banner" role="alert">
            {error}
          </p>
        )}
        <p className="import-data__intro" id={`${id}-what`}>
          Bring your games in from a Checkpoint export (.json), a Grouvee export (.csv), or any other CSV file with one
          game per row (you choose what each column means). You see everything before anything is saved. Up to 20 MB and
          20,000 rows; UTF-8, UTF-16 and Latin-1 files are read.
        </p>
        <label className="button button--primary import-data__file">
          <ProfileIcon name="upload" /> Choose a file
          <input
            type="file"
            accept=".json,.csv,.txt,application/json,text/csv"
            aria-describedby={`${id}-what`}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {paused.map((job) => (
          <div key={job.id} className="profile-note import-data__paused" role="status">
            <span>
              An import of {job.file_name} stopped at {job.done.toLocaleString('en')} of{' '}
              {job.mutations.length.toLocaleString('en')} changes.
            </span>
            <span className="import-data__paused-actions">
              <button type="button" className="button button--ghost" onClick={() => void apply(job.id, null, true)}>
                Resume
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  void discardImport(job.id).then(() => setPaused((p) => p.filter((j) => j.id !== job.id)))
                }
              >
                Discard
              </button>
            </span>
          </div>
        ))}
      </div>
    );
    footer = closeButton;
  } else if (step.step === 'mapping') {
    const { shape } = step.session;
    const set = (field: MappedField, column: number) =>
      setStep({ ...step, mapping: { ...step.mapping, columns: { ...step.mapping.columns, [field]: column } } });
    body = (
      <div className="import-data">
        <p className="import-data__intro">
          Which column holds what? Only the title is needed. {plural(shape.rowCount, 'row')} in {fileName}.
        </p>
        <div className="import-map">
          {MAPPED_FIELDS.map((field) => (
            <div key={field} className="import-map__field">
              <label htmlFor={`${id}-map-${field}`}>
                {FIELD_LABELS[field]}
                {field === 'title' ? ' (required)' : ''}
              </label>
              <select
                id={`${id}-map-${field}`}
                value={step.mapping.columns[field]}
                onChange={(e) => set(field, Number(e.target.value))}
              >
                <option value={-1}>{field === 'title' ? 'Choose a column' : 'Not in this file'}</option>
                {shape.header.map((h, i) => (
                  <option key={`${i}-${h}`} value={i}>
                    {h || `Column ${i + 1}`}
                    {shape.sample[0]?.[i] ? ` — e.g. ${shape.sample[0][i]?.slice(0, 30)}` : ''}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="import-map__field">
            <label htmlFor={`${id}-map-scale`}>Rating scale</label>
            <select
              id={`${id}-map-scale`}
              value={step.mapping.scale}
              onChange={(e) => setStep({ ...step, mapping: { ...step.mapping, scale: e.target.value as RatingScale } })}
              disabled={step.mapping.columns.rating < 0}
            >
              {RATING_SCALES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
    );
    footer = (
      <>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            step.session.close();
            setStep({ step: 'pick' });
          }}
        >
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={step.mapping.columns.title < 0}
          onClick={() => void readAndMatch(step.session, step.mapping).catch(fail)}
        >
          Continue
        </button>
      </>
    );
  } else if (step.step === 'reading') {
    const p = step.progress;
    body = (
      <div className="import-data" aria-busy="true">
        <p className="import-data__intro">{fileName}</p>
        <ProgressBar
          label={p ? PHASES[p.phase] : PHASES.reading}
          done={p && p.phase !== 'reading' ? p.done : 0}
          total={p && p.phase !== 'reading' ? p.total : 0}
        />
        <p className="import-row__muted">Nothing is saved yet: you see what the file holds before anything changes.</p>
      </div>
    );
    footer = (
      <button type="button" className="button button--ghost" onClick={cancelReading}>
        Cancel
      </button>
    );
  } else if (step.step === 'preview' && plan) {
    const rows = step.parsed.rows;
    const choice = rows.filter((r) => matches.get(r.line)?.kind === 'choice');
    const missing = rows.filter((r) => matches.get(r.line)?.kind === 'none');
    const conflicts = plan.rows.filter((r) => r.conflicts.length > 0);
    const changes = plan.rows.filter((r) => r.mutations.length > 0);
    const notes = [...step.parsed.notes, ...plan.extraChanges];
    const pickingRow = rows.find((r) => r.line === picking);
    // Shelves and statuses with no Checkpoint equivalent, reported once for the file (and on their rows).
    const unmapped = new Map<string, number>();
    for (const r of rows) for (const name of r.unmapped) unmapped.set(name, (unmapped.get(name) ?? 0) + 1);
    body = (
      <div className="import-data">
        <p className="import-data__summary" aria-live="polite">
          {plural(rows.length, 'game')} in {fileName}: {plan.added.toLocaleString('en')} to add ·{' '}
          {plan.changed.toLocaleString('en')} to change · {plan.unchanged.toLocaleString('en')} already the same
          {choice.length > 0 &&
            ` · ${choice.length.toLocaleString('en')} ${choice.length === 1 ? 'needs' : 'need'} a choice`}
          {missing.length > 0 && ` · ${missing.length.toLocaleString('en')} not found`}
        </p>
        <p className="import-data__intro">Nothing is saved until you press Import.</p>
        {notes.map((n) => (
          <p key={n} className="import-row__muted">
            {n}
          </p>
        ))}
        {unmapped.size > 0 && (
          <p className="import-row__warn import-data__unmapped">
            Not brought over, as Checkpoint has no such list:{' '}
            {[...unmapped].map(([name, n]) => `"${name}" (${plural(n, 'game')})`).join(', ')}.
          </p>
        )}
        {plan.refused.length > 0 && (
          <section className="import-section" aria-labelledby={`${id}-refused`}>
            <h3 id={`${id}-refused`}>Can't be imported ({plan.refused.length})</h3>
            <ul className="import-refused">
              {plan.refused.map((r) => (
                <li key={r.line} className="import-row__warn">
                  Row {r.line.toLocaleString('en')}, {r.title}: {r.message}
                </li>
              ))}
            </ul>
          </section>
        )}
        {choice.length > 0 && (
          <section className="import-section" aria-labelledby={`${id}-choice`}>
            <h3 id={`${id}-choice`}>Which game is it? ({choice.length})</h3>
            <Paged
              items={choice}
              label="rows"
              render={(row) => {
                const m = matches.get(row.line);
                return (
                  <ChoiceRow
                    key={row.line}
                    row={row}
                    candidates={m?.kind === 'choice' ? m.candidates : []}
                    onPick={(g) => setMatch(row.line, g)}
                    onSearch={() => setPicking(row.line)}
                  />
                );
              }}
            />
          </section>
        )}
        {missing.length > 0 && (
          <section className="import-section" aria-labelledby={`${id}-missing`}>
            <h3 id={`${id}-missing`}>Not found ({missing.length}): skipped unless you find them</h3>
            <Paged
              items={missing}
              label="rows"
              render={(row) => <MissingRow key={row.line} row={row} onSearch={() => setPicking(row.line)} />}
            />
          </section>
        )}
        {conflicts.length > 0 && (
          <section className="import-section" aria-labelledby={`${id}-conflicts`}>
            <h3 id={`${id}-conflicts`}>Your library and the file disagree ({conflicts.length})</h3>
            <div className="import-row__choices" role="radiogroup" aria-label="For every disagreement">
              <label className="import-radio">
                <input
                  type="radio"
                  name={`${id}-all`}
                  checked={all === 'mine' && choices.size === 0}
                  onChange={() => {
                    setAll('mine');
                    setChoices(new Map());
                  }}
                />{' '}
                Keep mine for all
              </label>
              <label className="import-radio">
                <input
                  type="radio"
                  name={`${id}-all`}
                  checked={all === 'file' && choices.size === 0}
                  onChange={() => {
                    setAll('file');
                    setChoices(new Map());
                  }}
                />{' '}
                Take the file's for all
              </label>
            </div>
            <Paged
              items={conflicts}
              label="games"
              render={(r) => (
                <ConflictRow
                  key={r.line}
                  plan={r}
                  choice={choices.get(r.line) ?? all}
                  onChoose={(c) => setChoices((prev) => new Map(prev).set(r.line, c))}
                />
              )}
            />
          </section>
        )}
        <section className="import-section" aria-labelledby={`${id}-changes`}>
          <h3 id={`${id}-changes`}>What will be saved ({changes.length})</h3>
          {changes.length === 0 ? (
            <p className="import-row__muted">Nothing: your library already has everything in this file.</p>
          ) : (
            <Paged items={changes} label="games" render={(r) => <ChangeRow key={r.line} plan={r} />} />
          )}
        </section>
        {pickingRow && (
          <GamePicker
            open
            title={`Find "${pickingRow.title}"`}
            source={{ kind: 'catalogue' }}
            onClose={() => setPicking(null)}
            onSelect={(hit) => {
              setMatch(pickingRow.line, fromHit(hit));
            }}
          />
        )}
      </div>
    );
    footer = (
      <>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={plan.mutationCount === 0}
          onClick={() => void confirm()}
        >
          Import {plural(plan.added + plan.changed, 'game')}
        </button>
      </>
    );
  } else if (step.step === 'applying') {
    const p = step.progress;
    body = (
      <div className="import-data" aria-busy="true">
        <ProgressBar label="Saving to your library…" done={p?.done ?? 0} total={p?.total ?? 0} />
        <p className="import-row__muted">
          Saved on this device first, then synced. You can close this: the import goes on, and if the tab closes it
          resumes on your next visit.
        </p>
      </div>
    );
    footer = (
      <>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Hide
        </button>
        <button type="button" className="button button--ghost" onClick={() => pauseImport(step.jobId)}>
          Cancel import
        </button>
      </>
    );
  } else if (step.step === 'done') {
    const p = step.progress;
    const waiting = synced?.pending ?? 0;
    const refused = synced?.refused ?? [];
    body = (
      <div className="import-data" role="status">
        <p className="import-data__summary">
          {p.state !== 'done'
            ? `Import paused at ${p.done.toLocaleString('en')} of ${p.total.toLocaleString('en')} changes. Open Import again to resume or discard it.`
            : synced === null || waiting > 0
              ? `Import finished on this device: ${plural(synced?.saved ?? 0, 'change')} saved, ${plural(waiting, 'change')} waiting to sync.`
              : `Import finished: ${plural(synced.saved, 'change')} saved.`}
        </p>
        {p.state === 'done' && (
          <p className="import-data__intro">
            {step.games !== null && `${plural(step.games, 'game')} in the import. `}
            {waiting > 0
              ? `The rest sync to your account${typeof navigator !== 'undefined' && !navigator.onLine ? " when you're back online" : ''}; this counts them as the server saves them.`
              : 'Saved to your account.'}
          </p>
        )}
        {refused.length > 0 && (
          <div className="import-row__warn">
            <p>{plural(refused.length, 'change was', 'changes were')} refused and not saved:</p>
            <ul className="import-refused">
              {refused.map((r, i) => (
                <li key={i}>
                  {r.label}: {r.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    );
    footer = (
      <button type="button" className="button button--primary" onClick={onClose}>
        Done
      </button>
    );
  }

  return (
    <ProfileModal
      title={IMPORT_TEXT.title}
      onClose={onClose}
      dismissible={step.step !== 'reading'}
      size={step.step === 'preview' ? 'wide' : 'normal'}
      footer={footer}
      {...(step.step === 'preview' ? { bodyLabel: 'What the import will do' } : {})}
    >
      {body}
    </ProfileModal>
  );
}
