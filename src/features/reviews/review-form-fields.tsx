// The review form's controls: the rating (slider and number box kept in step), a group of radio
// choices (platform, yes/no answers) and the digits-only playtime box.
import { useId, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { RATING_MAX, RATING_MIN, RATING_STEP } from '../../core/constants.ts';
import { formatRating } from '../../core/format.ts';
import { PLAYTIME_MAX_DIGITS, playtimeDigits, ratingFromInput } from '../../core/reviews/review-form.ts';

export function RatingField({
  value,
  onChange,
}: {
  readonly value: number;
  readonly onChange: (rating: number) => void;
}) {
  const id = useId();
  // The number box keeps what is typed until it is left (or Enter): then it is clamped and rounded.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    onChange(ratingFromInput(draft));
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const fill = ((value - RATING_MIN) / (RATING_MAX - RATING_MIN)) * 100;
  return (
    <fieldset className="review-form__field review-form__rating">
      <legend className="review-form__label">Your rating</legend>
      <div className="review-form__rating-row">
        <output className="review-form__rating-value" htmlFor={`${id}-range ${id}-number`} aria-live="polite">
          {formatRating(value)}
          <span className="review-form__rating-scale">/10</span>
        </output>
        <input
          id={`${id}-range`}
          className="review-form__slider"
          type="range"
          min={RATING_MIN}
          max={RATING_MAX}
          step={RATING_STEP}
          value={value}
          aria-label="Rating slider"
          aria-valuetext={`${formatRating(value)} out of 10`}
          style={{ '--review-form-fill': `${fill}%` } as CSSProperties}
          onChange={(e) => {
            setDraft(null);
            onChange(Number(e.target.value));
          }}
        />
        <input
          id={`${id}-number`}
          className="review-form__number"
          type="number"
          inputMode="decimal"
          min={RATING_MIN}
          max={RATING_MAX}
          step={RATING_STEP}
          aria-label="Rating (1 to 10)"
          value={draft ?? String(value)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
      </div>
      <p className="review-form__hint">1 to 10 in half steps.</p>
    </fieldset>
  );
}

export interface Choice<T> {
  readonly value: T;
  readonly label: string;
}

interface ChoiceGroupProps<T> {
  readonly legend: string;
  readonly name: string;
  readonly choices: readonly Choice<T>[];
  readonly value: T | null;
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly note?: ReactNode;
  readonly className?: string;
}

/** Radio buttons styled as pills; exactly one can be chosen. */
export function ChoiceGroup<T extends string | boolean>({
  legend,
  name,
  choices,
  value,
  onChange,
  disabled = false,
  required = false,
  note,
  className,
}: ChoiceGroupProps<T>) {
  const noteId = useId();
  return (
    <fieldset
      className={['review-form__field', className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-describedby={note ? noteId : undefined}
    >
      <legend className="review-form__label">
        {legend}
        {required && (
          <span className="review-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="review-form__choices">
        {choices.map((choice) => (
          <label
            key={String(choice.value)}
            className={`review-form__choice${value === choice.value ? ' review-form__choice--on' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {value === choice.value && (
              <span className="review-form__tick" aria-hidden="true">
                ✓
              </span>
            )}
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {note && (
        <p id={noteId} className="review-form__hint">
          {note}
        </p>
      )}
    </fieldset>
  );
}

export function PlaytimeField({
  value,
  onChange,
  invalid,
}: {
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="review-form__field">
      <label className="review-form__label" htmlFor={id}>
        Playtime <span className="review-form__optional">(optional)</span>
      </label>
      <div className="review-form__playtime">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={PLAYTIME_MAX_DIGITS}
          placeholder="e.g. 40"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(playtimeDigits(e.target.value))}
        />
        <span aria-hidden="true">hours</span>
      </div>
      <p id={`${id}-hint`} className={invalid ? 'review-form__hint review-form__hint--error' : 'review-form__hint'}>
        {invalid ? 'Playtime must be whole hours from 1 to 99999' : 'Whole hours, 1 to 99999.'}
      </p>
    </div>
  );
}
