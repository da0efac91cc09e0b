// The compact log form of the play journal, inline (no dialog): the day (today by default), the
// minutes with quick picks, the platform among the game's, a short note and "Private". Each
// field's problem shows beside it; a refusal of the write shows under the buttons.
import { useId, useState, type FormEvent } from 'react';
import {
  JOURNAL_MINUTE_CHIPS,
  JOURNAL_NOTE_MAX_LENGTH,
  JOURNAL_FIRST_DAY,
  formatMinutes,
  journalFormProblems,
  localDay,
  trimNote,
  type JournalFormProblems,
  type JournalFormValues,
} from '../../core/journal/journal.ts';
import type { PlatformOption } from '../../core/journal/journal-platforms.ts';

export interface JournalFormProps {
  readonly initial: JournalFormValues;
  readonly platforms: readonly PlatformOption[];
  readonly submitLabel: string;
  /** Writes the session; rejects with the message to show when the write is refused. */
  readonly onSubmit: (values: JournalFormValues) => Promise<void>;
  readonly onCancel?: () => void;
  /** After a successful submit, keep the day, platform and privacy for the next session. */
  readonly resetAfterSubmit?: boolean;
}

export function emptyJournalValues(): JournalFormValues {
  return { played_on: localDay(), minutes: '', platform_id: null, note: '', is_private: false };
}

export function JournalForm({
  initial,
  platforms,
  submitLabel,
  onSubmit,
  onCancel,
  resetAfterSubmit = false,
}: JournalFormProps) {
  const id = useId();
  const [values, setValues] = useState<JournalFormValues>(initial);
  const [problems, setProblems] = useState<JournalFormProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof JournalFormValues>(key: K, value: JournalFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in problems) setProblems((p) => ({ ...p, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = journalFormProblems(values);
    setProblems(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      const first = (['played_on', 'minutes', 'note'] as const).find((k) => found[k]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
      if (resetAfterSubmit) setValues((v) => ({ ...v, minutes: '', note: '' }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The session could not be saved');
    } finally {
      setBusy(false);
    }
  };

  const noteLength = trimNote(values.note).length;
  const field = (name: keyof JournalFormProblems) => ({
    id: `${id}-${name}`,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-problem` : undefined,
  });
  const problem = (name: keyof JournalFormProblems) =>
    problems[name] && (
      <p className="journal-form__problem error" id={`${id}-${name}-problem`}>
        {problems[name]}
      </p>
    );

  return (
    <form
      className="journal-form"
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
    >
      <div className="journal-form__row">
        <div className="journal-form__field journal-form__field--date">
          <label htmlFor={`${id}-played_on`}>Date played</label>
          <input
            type="date"
            className="journal-form__input"
            {...field('played_on')}
            value={values.played_on}
            min={JOURNAL_FIRST_DAY}
            max={localDay()}
            required
            onChange={(e) => set('played_on', e.target.value)}
          />
          {problem('played_on')}
        </div>
        <div className="journal-form__field journal-form__field--minutes">
          <label htmlFor={`${id}-minutes`}>Minutes played</label>
          <input
            type="number"
            className="journal-form__input"
            {...field('minutes')}
            value={values.minutes}
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            required
            placeholder="e.g. 45"
            onChange={(e) => set('minutes', e.target.value)}
          />
          <div className="journal-form__chips" role="group" aria-label="Quick minutes">
            {JOURNAL_MINUTE_CHIPS.map((m) => (
              <button
                key={m}
                type="button"
                className="journal-form__chip"
                aria-pressed={values.minutes === String(m)}
                onClick={() => set('minutes', String(m))}
              >
                {formatMinutes(m)}
              </button>
            ))}
          </div>
          {problem('minutes')}
        </div>
        {platforms.length > 0 && (
          <div className="journal-form__field journal-form__field--platform">
            <label htmlFor={`${id}-platform`}>Platform</label>
            <select
              id={`${id}-platform`}
              className="journal-form__input"
              value={values.platform_id ?? ''}
              onChange={(e) => set('platform_id', e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">Not specified</option>
              {platforms.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="journal-form__field">
        <label htmlFor={`${id}-note`}>
          Note <span className="journal-form__optional">(optional)</span>
        </label>
        <textarea
          className="journal-form__input journal-form__note"
          {...field('note')}
          value={values.note}
          rows={2}
          placeholder="What happened this session?"
          onChange={(e) => set('note', e.target.value)}
        />
        <p
          className={`journal-form__count${noteLength > JOURNAL_NOTE_MAX_LENGTH ? ' journal-form__count--over' : ''}`}
          aria-live="polite"
        >
          {noteLength}/{JOURNAL_NOTE_MAX_LENGTH}
        </p>
        {problem('note')}
      </div>
      <div className="journal-form__bar">
        <label className="journal-form__private">
          <input type="checkbox" checked={values.is_private} onChange={(e) => set('is_private', e.target.checked)} />
          <span>
            Private <span className="journal-form__hint">only you can see it</span>
          </span>
        </label>
        <div className="journal-form__buttons">
          {onCancel && (
            <button type="button" className="button button--ghost" onClick={onCancel}>
              Cancel
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </div>
      {failure && (
        <p className="journal-form__failure error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
