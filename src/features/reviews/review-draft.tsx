// A private review draft as its author sees it (supabase/schema/tables/public.rating.sql): the "Draft" badge, and the
// note on the game and review pages that says only they can see it, with Publish. Publishing is
// review.update with draft: false, dated now (the server keeps an offline publish's time), so it
// works offline like every write.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MutationError } from '../../core/mutation-error.ts';
import { write } from '../../data/actions.ts';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import './review-draft.css';

export const DRAFT_UI_TEXT = {
  badge: 'Draft',
  note: 'Your review is a draft: only you can see it.',
  saved: 'Draft saved. Only you can see it until you publish it.',
  publish: 'Publish',
  publishing: 'Publishing...',
  published: 'Review published',
  publishFailed: 'Failed to publish review:',
  edit: 'Edit Draft',
} as const;

export function DraftBadge() {
  return <span className="draft-badge">{DRAFT_UI_TEXT.badge}</span>;
}

/** Publishes the member's draft of a game; the button the draft note and the review page show. */
export function PublishDraftButton({
  memberId,
  igdbId,
  onError,
}: {
  readonly memberId: number;
  readonly igdbId: number;
  readonly onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function publish() {
    setBusy(true);
    try {
      await write(memberId, 'review.update', {
        igdb_id: igdbId,
        draft: false,
        post_date_time: new Date().toISOString(),
      });
      toast.push(DRAFT_UI_TEXT.published, 'info');
    } catch (caught) {
      onError(
        caught instanceof MutationError
          ? `${DRAFT_UI_TEXT.publishFailed} ${caught.message}`
          : `${DRAFT_UI_TEXT.publishFailed} ${String(caught)}`,
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--primary draft-note__publish"
      disabled={busy}
      onClick={() => void publish()}
    >
      {busy ? DRAFT_UI_TEXT.publishing : DRAFT_UI_TEXT.publish}
    </button>
  );
}

/**
 * "Draft: only you can see it", with Edit Draft and Publish: on the author's review page, whose
 * action bar offers Edit Review only for a published review; the game page has its own edit controls
 * and leaves Edit Draft out.
 */
export function DraftNote({
  memberId,
  igdbId,
  showEdit = true,
}: {
  readonly memberId: number;
  readonly igdbId: number;
  readonly showEdit?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="draft-note card" aria-label="Your draft">
      <p className="draft-note__text">
        <DraftBadge /> {DRAFT_UI_TEXT.note}
      </p>
      <div className="draft-note__actions">
        {showEdit && (
          <Link className="button button--ghost" to={`/review/${igdbId}`}>
            {DRAFT_UI_TEXT.edit}
          </Link>
        )}
        <PublishDraftButton memberId={memberId} igdbId={igdbId} onError={setError} />
      </div>
      {error && (
        <p className="draft-note__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
