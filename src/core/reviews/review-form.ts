// The review form's rules: the rating's clamping and rounding, digits-only playtime, what must be
// answered before Submit, and the edit mode's "a field differs from the loaded values" check. Pure:
// the page keeps the state, this decides.
import { cleanText } from '../blank-text.ts';
import { INVALID_TEXT_MESSAGE, isStorableText } from '../storable-text.ts';
import { PLAYTIME_MAX, PLAYTIME_MIN, RATING_DEFAULT, RATING_MAX, RATING_MIN, RATING_STEP } from '../constants.ts';

/** mutations.ts: 'Review exceeds 10000 characters'. */
export const REVIEW_TEXT_MAX = 10_000;
/** Digits the playtime box accepts (99999 has five). */
export const PLAYTIME_MAX_DIGITS = String(PLAYTIME_MAX).length;

/** The spec's texts for this form, word for word where the spec gives them. */
export const REVIEW_FORM_TEXT = {
  finishedQuestion: 'Did you finish the game?',
  missingIgdbId: 'Game data is missing IGDB ID. Please try selecting the game again.',
  submitFailed: 'Failed to submit review:',
  updateFailed: 'Failed to update review:',
  submitGeneric: 'Failed to submit review. Please try again.',
  alreadyReviewed: 'You have already reviewed this game',
  textTooLong: 'Review exceeds 10000 characters',
  playtimeRange: 'Playtime must be whole hours from 1 to 99999',
  choosePlatform: 'Choose the platform you played on.',
  answerFinished: 'Tell us whether you finished the game.',
  unstorable: INVALID_TEXT_MESSAGE,
} as const;

/** A number clamped to 1..10 and rounded to the nearest 0.5; not a number gives the default 5. */
export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return RATING_DEFAULT;
  const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, value));
  return Math.round(clamped / RATING_STEP) * RATING_STEP;
}

/** What a typed rating becomes when the box is left: cleared → 5, else clamped and rounded. */
export function ratingFromInput(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return RATING_DEFAULT;
  return clampRating(Number(trimmed));
}

/** "Only digits can be typed": everything else is dropped, and at most five digits are kept. */
export function playtimeDigits(text: string): string {
  return text.replace(/\D+/g, '').slice(0, PLAYTIME_MAX_DIGITS);
}

/** The playtime to save: null when blank, else whole hours; 'invalid' outside 1..99999. */
export function parsePlaytime(text: string): number | null | 'invalid' {
  const digits = text.trim();
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return 'invalid';
  const hours = Number(digits);
  return hours >= PLAYTIME_MIN && hours <= PLAYTIME_MAX ? hours : 'invalid';
}

/** Characters as a member counts them (an emoji is one). */
export function textLength(text: string): number {
  return Array.from(text).length;
}

export interface ReviewFormValues {
  readonly rating: number;
  /** The platform's short name, or null when none is chosen. */
  readonly platform: string | null;
  /** The answer to 'Did you finish the game?'; null: not answered. */
  readonly finished: boolean | null;
  /** is_recommended; null: not answered. */
  readonly recommended: boolean | null;
  /** The playtime box's text (digits). */
  readonly playtime: string;
  readonly text: string;
}

export const EMPTY_REVIEW_FORM: ReviewFormValues = {
  rating: RATING_DEFAULT,
  platform: null,
  finished: null,
  recommended: null,
  playtime: '',
  text: '',
};

export interface ReviewFormRules {
  /** The game has known platforms: one must be chosen. */
  readonly platformRequired: boolean;
  /** The game is already finished: the answer is locked and not asked. */
  readonly alreadyFinished: boolean;
}

export type ReviewFormProblem = 'platform' | 'finished' | 'playtime' | 'text' | 'unstorable';

/** What still stops Submit, in the form's order (empty: the form can be sent). */
export function formProblems(values: ReviewFormValues, rules: ReviewFormRules): ReviewFormProblem[] {
  const problems: ReviewFormProblem[] = [];
  if (rules.platformRequired && values.platform === null) problems.push('platform');
  if (!rules.alreadyFinished && values.finished === null) problems.push('finished');
  if (parsePlaytime(values.playtime) === 'invalid') problems.push('playtime');
  if (textLength(values.text) > REVIEW_TEXT_MAX) problems.push('text');
  // A null character or half an emoji (pasted): the server could not store it, so nothing is queued.
  if (!isStorableText(values.text)) problems.push('unstorable');
  return problems;
}

/** The fields that differ from the loaded ones (edit mode's Update is enabled only when some do). */
export function changedFields(loaded: ReviewFormValues, current: ReviewFormValues): Array<keyof ReviewFormValues> {
  const keys: Array<keyof ReviewFormValues> = ['rating', 'platform', 'finished', 'recommended', 'playtime', 'text'];
  return keys.filter((key) => {
    if (key === 'playtime') return parsePlaytime(loaded.playtime) !== parsePlaytime(current.playtime);
    if (key === 'text') return cleanText(loaded.text) !== cleanText(current.text);
    return loaded[key] !== current[key];
  });
}

export function isDirty(loaded: ReviewFormValues, current: ReviewFormValues): boolean {
  return changedFields(loaded, current).length > 0;
}
