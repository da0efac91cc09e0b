// A review form's unsaved values, kept on the device until they are saved or discarded
// (data/reviews/kept-review-forms.ts stores them): which fields are kept (only those that differ from what
// the form opened with), how they go back onto the form when it opens again, where they live and
// how they are read back.
import { PLAYTIME_MAX_DIGITS, changedFields, type ReviewFormRules, type ReviewFormValues } from './review-form.ts';
import { RATING_MAX, RATING_MIN, RATING_STEP } from '../constants.ts';
import { lazySchema, z } from '../zod.ts';

/** Not in spec: a pause in typing this long keeps what was typed (a page being hidden keeps it at once). */
export const KEPT_FORM_DELAY_MS = 300;

/** The fields the member changed, each as they left it. */
export type KeptFormValues = Partial<ReviewFormValues>;

const KEY_PREFIX = 'checkpoint.review-form.';

/** The localStorage key of a member's kept form for a game (by the game's IGDB id, as saving goes). */
export function keptFormKey(memberId: number, igdbId: number): string {
  return `${KEY_PREFIX}${memberId}.${igdbId}`;
}

export function isKeptFormKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX);
}

type Mutable = { -readonly [K in keyof ReviewFormValues]?: ReviewFormValues[K] };

function copy<K extends keyof ReviewFormValues>(to: Mutable, from: ReviewFormValues, key: K): void {
  to[key] = from[key];
}

/** What to keep of the form: the fields that differ from the opened ones (none for an untouched form). */
export function keptValues(opened: ReviewFormValues, current: ReviewFormValues): KeptFormValues {
  const kept: Mutable = {};
  for (const key of changedFields(opened, current)) copy(kept, current, key);
  return kept;
}

/**
 * The form as it opens with kept values: each field they hold wins over the one it would open with,
 * even one the server changed meanwhile (the member's typing is the newer work); the fields they do
 * not hold stay as opened. The finished answer is not taken once the game is marked finished: it is
 * locked then.
 */
export function withKept(
  opened: ReviewFormValues,
  kept: KeptFormValues | null,
  rules: Pick<ReviewFormRules, 'alreadyFinished'>,
): ReviewFormValues {
  if (!kept) return opened;
  const { finished, ...rest } = kept;
  return { ...opened, ...rest, ...(finished === undefined || rules.alreadyFinished ? {} : { finished }) };
}

const KeptSchema = lazySchema(() => {
  const answer = z.nullable(z.boolean());
  return z.partial(
    z.object({
      rating: z.number().check(
        z.minimum(RATING_MIN),
        z.maximum(RATING_MAX),
        z.refine<number>((r) => Number.isInteger(r / RATING_STEP)),
      ),
      platform: z.nullable(z.string()),
      finished: answer,
      recommended: answer,
      playtime: z.string().check(z.maxLength(PLAYTIME_MAX_DIGITS), z.regex(/^\d*$/)),
      text: z.string(),
    }),
  );
});

/** Kept values read back (parsed JSON), or null for anything the form could not have kept. */
export function readKeptValues(value: unknown): KeptFormValues | null {
  const parsed = KeptSchema().safeParse(value);
  return parsed.success ? parsed.data : null;
}
