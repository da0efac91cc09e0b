// "Export my data": the member picks JSON or CSV (.zip) and downloads everything they keep on
// Checkpoint, built from this device (so it works offline). Writes still waiting to sync are in
// the file, marked; the dialog says how many before the member exports, how far the file is while
// it takes more than a moment, and afterwards which comments and likes it could not name.
import { useId, useState } from 'react';
import type { ExportFormat } from '../../core/export/file-name.ts';
import { buildExportFile, loadExportSummary, type ExportProgress, type ExportSummary } from '../../data/export.ts';
import { useLive } from '../../data/live.ts';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { plural, progressText, unfilledText } from './export-text.ts';
import { ProfileIcon } from './profile-icons.tsx';
import { ProfileModal } from './profile-modal.tsx';
import './export-data.css';

export const EXPORT_TEXT = {
  title: 'Export my data',
  failed: "Your data couldn't be exported. Please try again.",
} as const;

/** An export shorter than this shows no progress (it would only flash). */
const SLOW_EXPORT_MS = 300;

const FORMATS: ReadonlyArray<{ value: ExportFormat; label: string; detail: string }> = [
  { value: 'json', label: 'JSON', detail: 'One file with everything, to keep or to import into Checkpoint again.' },
  {
    value: 'csv',
    label: 'CSV (.zip)',
    detail:
      'One spreadsheet per kind: games, reviews, journal, comments, likes, follows. Opens in Excel and LibreOffice.',
  },
];

function summaryText(s: ExportSummary): string {
  const parts = [plural(s.games, 'game'), plural(s.reviews, 'review')];
  if (s.drafts > 0) parts.push(plural(s.drafts, 'draft'));
  parts.push(plural(s.sessions, 'journal session'));
  return parts.join(' · ');
}

/** Hands the file to the browser as a download. */
function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function ExportDataModal({
  memberId,
  onClose,
}: {
  readonly memberId: number;
  readonly onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const [format, setFormat] = useState<ExportFormat>('json');
  const [busy, setBusy] = useState(false);
  const [slow, setSlow] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const summary = useLive((db) => loadExportSummary(db, memberId), [memberId]);

  const onExport = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setProgress(null);
    const slowTimer = setTimeout(() => setSlow(true), SLOW_EXPORT_MS);
    try {
      const file = await buildExportFile(memberId, format, { onProgress: setProgress });
      download(file.name, file.blob);
      toast.push(`Your data was exported: ${file.name}`, 'info');
      if (file.unfilled) toast.push(unfilledText(file.unfilled), 'info');
      onClose();
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : EXPORT_TEXT.failed);
      setBusy(false);
      setSlow(false);
    } finally {
      clearTimeout(slowTimer);
    }
  };

  return (
    <ProfileModal
      title={EXPORT_TEXT.title}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary export-data__go"
            onClick={() => void onExport()}
            disabled={busy || summary === null}
            aria-describedby={`${id}-what`}
          >
            {busy ? (
              <>
                <span className="export-data__spinner" aria-hidden="true" /> Preparing…
              </>
            ) : (
              <>
                <ProfileIcon name="download" /> Download
              </>
            )}
          </button>
        </>
      }
    >
      <div className="export-data" aria-busy={busy}>
        {error && (
          <p className="profile-form__banner" role="alert">
            {error}
          </p>
        )}
        <p className="export-data__intro" id={`${id}-what`}>
          A copy of everything you keep on Checkpoint: your profile, games and their dates, ratings and reviews (drafts
          included), comments, likes, follows, Top 5 and Top 10, and your play journal (private sessions marked). It is
          made on this device, so it works offline.
        </p>
        <p className="export-data__summary" aria-live="polite">
          {summary === undefined
            ? '\u00a0'
            : summary === null
              ? 'Your profile is not saved on this device yet.'
              : summaryText(summary)}
        </p>
        <fieldset className="export-data__formats">
          <legend>Format</legend>
          {FORMATS.map((f) => (
            <label
              key={f.value}
              className={`export-data__format${format === f.value ? ' export-data__format--on' : ''}`}
            >
              <input
                type="radio"
                name={`${id}-format`}
                value={f.value}
                checked={format === f.value}
                disabled={busy}
                onChange={() => setFormat(f.value)}
                aria-describedby={`${id}-${f.value}`}
              />
              <span className="export-data__format-text">
                <span className="export-data__format-label">{f.label}</span>
                <span className="export-data__format-detail" id={`${id}-${f.value}`}>
                  {f.detail}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {busy && slow && (
          <div className="export-data__progress">
            <p aria-live="polite">{progressText(progress)}</p>
            <progress
              aria-label="Export progress"
              max={progress?.total ?? 1}
              value={progress ? progress.done : undefined}
            />
          </div>
        )}
        {summary && summary.unsynced > 0 && (
          <p className="profile-note export-data__unsynced" role="status">
            {summary.unsynced === 1
              ? '1 change on this device has not synced yet. It is in the file, marked as not synced.'
              : `${summary.unsynced} changes on this device have not synced yet. They are in the file, marked as not synced.`}
          </p>
        )}
      </div>
    </ProfileModal>
  );
}
