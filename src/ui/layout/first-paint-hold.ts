// What a member does on a first paint before its screen is in (layout/first-paint.tsx): its buttons
// and boxes are the page's markup without the page's code. A tap on a button (a profile's stats, its
// tabs, a game's Show more, browse's Filters) is held and made again on the page's own button once
// the screen is shown, so an early tap is answered late rather than lost (one made before the app's
// code ran, index.html's script held and hands over); what is typed into a box
// (browse's search) and where the focus was carry over to each copy of the paint and to the page's
// own. Loaded only on a page with a first paint: the home page does without it.
import { FIRST_PAINT_ATTRIBUTE } from '../../core/first-paint.ts';

/**
 * A painted button or box by its classes and its place among the main's elements of those classes:
 * the page's own is found the same way (its words may differ: a count the device has since changed).
 */
interface Place {
  readonly className: string;
  readonly index: number;
}

/** A tap on a painted button, to be made again on the page's own. */
interface HeldTap extends Place {
  readonly at: number;
}

let heldTap: HeldTap | null = null;

/**
 * How long a held tap stays worth making: on a slow phone a first visit's screen can take several
 * seconds, and the tap was all the member asked for meanwhile; past this, they have moved on.
 */
const HELD_TAP_MS = 15_000;

/** A main's buttons of `className`, in document order. */
const buttonsOf = (main: Element, className: string) =>
  Array.from(main.querySelectorAll('button')).filter((b) => b.className === className);

/** What was typed into painted boxes, and the box that had the focus (null: none, or it moved on). */
const typed = new Map<string, { readonly place: Place; readonly value: string }>();
let focused: Place | null = null;

const inputsOf = (main: Element, className: string) =>
  Array.from(main.querySelectorAll('input')).filter((i) => i.className === className);

const inputPlace = (main: Element, input: HTMLInputElement): Place => ({
  className: input.className,
  index: inputsOf(main, input.className).indexOf(input),
});

/** The painted input `event` is about, and its place. */
function paintedInput(event: Event): { input: HTMLInputElement; place: Place } | null {
  const input = event.target instanceof HTMLInputElement ? event.target : null;
  const main = input?.closest(`main[${FIRST_PAINT_ATTRIBUTE}]`);
  if (!input || !main) return null;
  return { input, place: inputPlace(main, input) };
}

const placeKey = (place: Place) => `${place.index} ${place.className}`;

function holdTyping(event: Event): void {
  const found = paintedInput(event);
  if (found) typed.set(placeKey(found.place), { place: found.place, value: found.input.value });
}

function holdFocus(event: FocusEvent): void {
  const found = paintedInput(event);
  if (found) focused = found.place;
  // Focus that moves to another element is no longer the box's to give back.
  else if (event.relatedTarget instanceof Element) focused = null;
}

/**
 * Puts what was typed into `main`'s boxes and the focus back. `announce`: as typing, so that the
 * page's own handlers (React's onChange) take it up.
 */
export function restoreTyping(main: Element, announce: boolean): void {
  for (const { place, value } of typed.values()) {
    const input = inputsOf(main, place.className)[place.index];
    if (!input || input.value === value) continue;
    if (announce) {
      // React tracks a box's value: the native setter and an input event make it see the change.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } else input.value = value;
  }
  const active = document.activeElement;
  if (focused && (active === null || active === document.body)) {
    inputsOf(main, focused.className)[focused.index]?.focus();
  }
}

/** Holds a tap on a painted button (links work without the app: they are left to the browser). */
function holdTap(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('button');
  const main = button?.closest(`main[${FIRST_PAINT_ATTRIBUTE}]`);
  if (!button || !main) return;
  event.preventDefault();
  const { className } = button;
  heldTap = { className, index: buttonsOf(main, className).indexOf(button), at: performance.now() };
}

/**
 * Carries what was typed and the focus over to the shown screen, then makes the held tap, if any
 * and still recent, on its matching button, which takes the focus.
 */
export function replayHeld(): void {
  const tap = heldTap;
  heldTap = null;
  document.removeEventListener('click', holdTap, true);
  document.removeEventListener('input', holdTyping, true);
  document.removeEventListener('focusin', holdFocus, true);
  // After React's commit and the screen's effects: the button and the boxes are the page's own by then.
  requestAnimationFrame(() => {
    const main = document.querySelector(`main:not([${FIRST_PAINT_ATTRIBUTE}])`);
    if (main) restoreTyping(main, true);
    typed.clear();
    focused = null;
    if (!main || !tap || performance.now() - tap.at > HELD_TAP_MS) return;
    const button = buttonsOf(main, tap.className)[tap.index];
    if (!button || button.disabled) return;
    button.focus();
    button.click();
  });
}

declare global {
  interface Window {
    /**
     * index.html's holder of a tap on a first paint made before the app's code runs: its click
     * listener (capturing) and the tap it held. Harmless where no first paint is on show.
     */
    checkpointEarlyTaps?: { tap: HeldTap | null; readonly hold: (event: MouseEvent) => void };
  }
}

/** Stops index.html's holding of taps; returns the tap it held, if any. */
function takeEarlyTap(): HeldTap | null {
  const early = window.checkpointEarlyTaps;
  if (!early) return null;
  document.removeEventListener('click', early.hold, true);
  delete window.checkpointEarlyTaps;
  return early.tap;
}

/**
 * Holds what is done on the first paint `main` from now on, and what was typed into it before
 * (`active`: the element that had the focus then), and takes over a tap index.html's script held.
 */
export function startHolding(main: Element, active: Element | null): void {
  heldTap = takeEarlyTap();
  for (const input of main.querySelectorAll('input')) {
    const place = inputPlace(main, input);
    if (input.value !== '') typed.set(placeKey(place), { place, value: input.value });
    if (input === active) focused = place;
  }
  document.addEventListener('click', holdTap, true);
  document.addEventListener('input', holdTyping, true);
  document.addEventListener('focusin', holdFocus, true);
}
