// What other features use of reviews: the draft badge and note. Only review-draft.tsx: the home
// screen's review cards come from ui/review-card/, so nothing here is in its first bundle.
export { DraftBadge, DraftNote } from './review-draft.tsx';
