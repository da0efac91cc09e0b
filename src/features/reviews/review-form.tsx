// The review form: create, or edit when the member already reviewed the game (Update only once
// something differs). Saving is a write on this device (review.create / review.update, then
// progress.set unless the game is already finished), queued for the server, so it works the same
// offline. "Save draft" keeps the review private (draft: true) and asks nothing more than the
// server does; a draft reopens here and its primary button publishes it. A published review nobody
// has liked or commented on can be unpublished here (draft: true again, with whatever was changed
// in the form). What the member types is kept on this device until it is saved (use-kept-form.ts):
// the form opens with it again.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { cleanText } from '../../core/blank-text.ts';
import { MutationError, type MutationArgs } from '../../core/mutations.ts';
import { reviewPlatformOptions, samePlatform } from '../../core/platforms.ts';
import {
  changedFields,
  EMPTY_REVIEW_FORM,
  formProblems,
  parsePlaytime,
  REVIEW_FORM_TEXT,
  REVIEW_TEXT_MAX,
  textLength,
  type ReviewFormProblem,
  type ReviewFormValues,
} from '../../core/reviews/review-form.ts';
import { DRAFT_TEXT, hasReplies, isDraft } from '../../core/reviews/review-draft.ts';
import { write } from '../../data/actions.ts';
import type { GameRow, PlatformRow, ProgressRow, ReviewRow } from '../../store/db.ts';
import { findPlatform, gameSummaryOf } from '../../data/reviews/review-form.ts';
import { gamePath } from '../../ui/media/game-cover.tsx';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { DeleteReviewButton } from './review-form-delete.tsx';
import { UNPUBLISH_TEXT, UnpublishButton } from './review-form-unpublish.tsx';
import { ChoiceGroup, PlaytimeField, RatingField, type Choice } from './review-form-fields.tsx';
import { SpoilerButton } from './spoiler-button.tsx';
import { DRAFT_UI_TEXT, DraftBadge } from './review-draft.tsx';
import { KeptNotice } from './review-form-kept.tsx';
import { useKeptForm } from './use-kept-form.ts';

export interface ReviewFormProps {
  readonly memberId: number;
  readonly game: GameRow;
  readonly review: ReviewRow | null;
  readonly progress: ProgressRow | null;
  /** The name of the review's platform, when the device knows it. */
  readonly reviewPlatform: string | null;
  readonly platforms: readonly PlatformRow[];
  readonly online: boolean;
}

const YES_NO: readonly Choice<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

const PROBLEM_TEXT: Record<ReviewFormProblem, string> = {
  platform: REVIEW_FORM_TEXT.choosePlatform,
  finished: REVIEW_FORM_TEXT.answerFinished,
  playtime: REVIEW_FORM_TEXT.playtimeRange,
  text: REVIEW_FORM_TEXT.textTooLong,
  unstorable: REVIEW_FORM_TEXT.unstorable,
};

export const OFFLINE_SAVED = "Saved on this device. Your review will sync when you're back online.";

export const DRAFT_FORM_TEXT = {
  save: 'Save draft',
  saving: 'Saving...',
  publish: 'Publish Review',
  publishing: 'Publishing...',
  saveFailed: 'Failed to save draft:',
} as const;

type SaveMode = 'publish' | 'draft' | 'unpublish';

/** What a draft may be saved with (also by Unpublish): only what the server itself refuses stops it. */
const DRAFT_BLOCKERS: readonly ReviewFormProblem[] = ['playtime', 'text', 'unstorable'];

/** The values the form opens with: the review's in edit mode, else the defaults. */
function initialValues(
  review: ReviewRow | null,
  platform: string | null,
  options: readonly string[],
  progress: ProgressRow | null,
): ReviewFormValues {
  const finished = progress?.completed === true;
  if (!review) {
    return {
      ...EMPTY_REVIEW_FORM,
      platform: options.length === 1 ? (options[0] ?? null) : null,
      finished: finished ? true : null,
    };
  }
  const chosen = platform === null ? null : (options.find((o) => samePlatform(o, platform)) ?? platform);
  return {
    rating: review.rating,
    platform: chosen,
    // Saving a review marks the game started or finished, so an unfinished reviewed game was answered "No".
    // A draft may have been saved unanswered: asked again unless the game is marked started.
    finished: finished ? true : isDraft(review) && progress?.started !== true ? null : false,
    recommended: review.is_recommended,
    playtime: review.playtime_hours === null ? '' : String(review.playtime_hours),
    text: review.review ?? '',
  };
}

export function ReviewForm({ memberId, game, review, progress, reviewPlatform, platforms, online }: ReviewFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const editing = review !== null;
  const draft = review !== null && isDraft(review);
  const alreadyFinished = progress?.completed === true;
  const { options: gameOptions, required: platformRequired } = useMemo(
    () => reviewPlatformOptions(game.platforms),
    [game.platforms],
  );
  const [loaded] = useState(() => initialValues(review, reviewPlatform, gameOptions, progress));
  const kept = useKeptForm(memberId, game.igdb_id, loaded, alreadyFinished);
  const { values, setValues } = kept;
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState<SaveMode | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A review's platform the game's list does not name (picked when the list was different) stays
  // choosable, and so does a kept one.
  const options = [loaded.platform, kept.openedWith.platform].reduce<readonly string[]>(
    (list, p) => (p === null || list.includes(p) ? list : [...list, p]),
    gameOptions,
  );
  const problems = formProblems(values, { platformRequired, alreadyFinished });
  const changed = editing ? changedFields(loaded, values) : [];
  // A draft's primary button publishes it: that is a change in itself.
  const canSubmit = problems.length === 0 && (!editing || draft || changed.length > 0) && !busy;
  // Save draft: a new review, or a draft with something changed (a published review is not un-published here).
  const draftable = !problems.some((p) => DRAFT_BLOCKERS.includes(p)) && !busy;
  const canDraft = (!editing || (draft && changed.length > 0)) && draftable;
  // Unpublish: the device's counts decide, as the server's rating_guard will.
  const unpublishBlockedBy = editing && !draft && hasReplies(review) ? DRAFT_TEXT.hasReplies : null;
  const length = textLength(values.text);
  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => {
    setError(null);
    setValues((v) => ({ ...v, [key]: value }));
  };

  async function save(mode: SaveMode) {
    const igdbId = game.igdb_id;
    if (!Number.isSafeInteger(igdbId) || igdbId <= 0) {
      setError(REVIEW_FORM_TEXT.missingIgdbId);
      return;
    }
    const playtime = parsePlaytime(values.playtime);
    if (playtime === 'invalid') return;
    // Saved as typed (blank edges trimmed): formatting is read, and everything else shown as text,
    // where the review is rendered (rich-text.tsx), so "2 > 1 <tag>" stays "2 > 1 <tag>".
    const text = cleanText(values.text);
    const platformRow = values.platform === null ? undefined : findPlatform(platforms, values.platform);
    // By id when the device knows it; else by name, which the server resolves (and refuses if unknown).
    const platform =
      values.platform === null
        ? { platform_id: null }
        : platformRow
          ? { platform_id: platformRow.id }
          : { platform: values.platform };
    const summary = gameSummaryOf(game);
    const ref = { igdb_id: igdbId, ...(summary ? { game: summary } : {}) };
    if (editing) {
      const args: MutationArgs<'review.update'> = { igdb_id: igdbId };
      // Publishing a draft dates it now (the server keeps this time for a publish made offline).
      if (draft && mode === 'publish') Object.assign(args, { draft: false, post_date_time: new Date().toISOString() });
      if (!draft && mode === 'unpublish') args.draft = true;
      if (changed.includes('rating')) args.rating = values.rating;
      if (changed.includes('text')) args.review = text === '' ? null : text;
      if (changed.includes('recommended')) args.is_recommended = values.recommended;
      if (changed.includes('playtime')) args.playtime_hours = playtime;
      if (changed.includes('platform')) Object.assign(args, platform);
      if (Object.keys(args).length > 1) await write(memberId, 'review.update', args);
    } else {
      await write(memberId, 'review.create', {
        ...ref,
        rating: values.rating,
        review: text === '' ? null : text,
        is_recommended: values.recommended,
        ...platform,
        playtime_hours: playtime,
        ...(mode === 'draft' ? { draft: true } : {}),
      });
    }
    // The spec's rule: unless the game was already finished, the answer marks it finished or
    // started.
    if (!alreadyFinished && values.finished !== null && (!editing || changed.includes('finished'))) {
      await write(memberId, 'progress.set', values.finished ? { ...ref, completed: true } : { ...ref, started: true });
    }
    kept.forget();
    if (mode === 'draft') toast.push(DRAFT_UI_TEXT.saved, 'info');
    else if (mode === 'unpublish') toast.push(UNPUBLISH_TEXT.done, 'info');
    else if (!navigator.onLine) toast.push(OFFLINE_SAVED, 'info');
    navigate(`/review/${memberId}/${igdbId}`);
  }

  async function run(mode: SaveMode) {
    setBusy(mode);
    setError(null);
    try {
      await save(mode);
    } catch (caught) {
      const prefix =
        mode === 'draft'
          ? DRAFT_FORM_TEXT.saveFailed
          : mode === 'unpublish'
            ? UNPUBLISH_TEXT.failed
            : editing && !draft
              ? REVIEW_FORM_TEXT.updateFailed
              : REVIEW_FORM_TEXT.submitFailed;
      setError(caught instanceof MutationError ? `${prefix} ${caught.message}` : REVIEW_FORM_TEXT.submitGeneric);
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) void run('publish');
  }

  const discard = () => {
    kept.discard();
    setError(null);
    // The notice and its button go: focus goes to the form's first field rather than the page.
    formRef.current?.querySelector<HTMLElement>('input:not(:disabled), textarea')?.focus();
  };

  // Back where the member came from; a page opened directly goes to the game instead.
  const cancel = () => {
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) navigate(-1);
    else navigate(gamePath(game));
  };

  const submitLabel = draft
    ? busy === 'publish'
      ? DRAFT_FORM_TEXT.publishing
      : DRAFT_FORM_TEXT.publish
    : editing
      ? busy
        ? 'Updating...'
        : 'Update Review'
      : busy === 'publish'
        ? 'Submitting...'
        : 'Submit Review';
  return (
    <form
      ref={formRef}
      className="review-form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? 'review-form-error' : undefined}
    >
      {draft && (
        <p className="review-form__draft" role="note">
          <DraftBadge /> {DRAFT_UI_TEXT.note}
        </p>
      )}
      {kept.restored && <KeptNotice onDiscard={discard} />}
      {!online && (
        <p className="review-form__offline" role="status">
          <span aria-hidden="true">⚡</span> You're offline. Your review will be saved on this device and synced when
          you're back online.
        </p>
      )}
      <RatingField value={values.rating} onChange={(r) => set('rating', r)} />

      <ChoiceGroup
        legend="Platform"
        name="platform"
        required={platformRequired}
        choices={options.map((o) => ({ value: o, label: o }))}
        value={values.platform}
        onChange={(p) => set('platform', p)}
        note={
          platformRequired
            ? options.length === 1
              ? 'The only platform this game is on.'
              : 'The one you played on.'
            : "Optional: we do not know this game's platforms."
        }
        className="review-form__platforms"
      />

      <div className="review-form__pair">
        <ChoiceGroup
          legend={REVIEW_FORM_TEXT.finishedQuestion}
          name="finished"
          required={!alreadyFinished}
          choices={YES_NO}
          value={values.finished}
          onChange={(f) => set('finished', f)}
          disabled={alreadyFinished}
          note={alreadyFinished ? 'You marked this game as finished.' : undefined}
        />
        <ChoiceGroup
          legend="Would you recommend it?"
          name="recommended"
          choices={YES_NO}
          value={values.recommended}
          onChange={(r) => set('recommended', r)}
        />
      </div>

      <PlaytimeField
        value={values.playtime}
        onChange={(t) => set('playtime', t)}
        invalid={problems.includes('playtime')}
      />

      <div className="review-form__field">
        <label className="review-form__label" htmlFor="review-form-text">
          Your review <span className="review-form__optional">(optional)</span>
        </label>
        <div className="spoiler-toolbar">
          <SpoilerButton textareaId="review-form-text" onChange={(text) => set('text', text)} />
        </div>
        <textarea
          id="review-form-text"
          className="review-form__text"
          rows={8}
          value={values.text}
          placeholder="What did you think? What stood out, good or bad?"
          aria-describedby="review-form-count"
          aria-invalid={length > REVIEW_TEXT_MAX || undefined}
          onChange={(e) => set('text', e.target.value)}
        />
        <p
          id="review-form-count"
          className={`review-form__count${length > REVIEW_TEXT_MAX ? ' review-form__count--over' : ''}`}
          aria-live="polite"
        >
          {length.toLocaleString('en')} / {REVIEW_TEXT_MAX.toLocaleString('en')} characters
        </p>
      </div>

      {error && (
        <p id="review-form-error" className="review-form__error" role="alert">
          {error}
        </p>
      )}

      <div className="review-form__actions">
        <button
          type="submit"
          className="button button--primary review-form__submit"
          disabled={!canSubmit}
          aria-disabled={!canSubmit}
        >
          {submitLabel}
        </button>
        {(!editing || draft) && (
          <button
            type="button"
            className="button button--ghost review-form__save-draft"
            disabled={!canDraft}
            aria-disabled={!canDraft}
            onClick={() => void run('draft')}
          >
            {busy === 'draft' ? DRAFT_FORM_TEXT.saving : DRAFT_FORM_TEXT.save}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={cancel}>
          Cancel
        </button>
        {editing && !draft && (
          <UnpublishButton
            blockedBy={unpublishBlockedBy}
            disabled={!draftable}
            busy={busy === 'unpublish'}
            withChanges={changed.length > 0}
            onConfirm={() => run('unpublish')}
          />
        )}
        {editing && <DeleteReviewButton memberId={memberId} game={game} onDeleted={kept.forget} onError={setError} />}
      </div>
      {problems.length > 0 && (
        <ul className="review-form__todo" aria-label="Still needed">
          {problems.map((p) => (
            <li key={p}>{PROBLEM_TEXT[p]}</li>
          ))}
        </ul>
      )}
      {editing && !draft && problems.length === 0 && changed.length === 0 && (
        <p className="review-form__hint review-form__unchanged">Change something to update your review.</p>
      )}
    </form>
  );
}
