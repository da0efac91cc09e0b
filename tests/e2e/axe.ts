// An accessibility check of an open modal with axe-core (the engine Lighthouse uses): its source is
// evaluated in the page over the DevTools protocol, which the app's CSP (script-src 'self') does not
// govern, so the page needs no bypassCSP. Scoped to the dialog; serious and critical violations fail
// the test with their rule ids and the elements that broke them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run(context: Element, options: object): Promise<AxeResults> };
  }
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Rules a modal may be excused from, each with why. The game picker's results box scrolls but holds
 * nothing focusable: its options are driven from the search box (a combobox with
 * aria-activedescendant, which scrolls the active one into view), so the box needs no tab stop.
 */
export const PICKER_EXCUSED = ['scrollable-region-focusable'] as const;

/**
 * Runs axe on `scope` (the open dialog, or a whole page's body) and returns its serious and critical
 * violations, and those of the `held` rules whatever their impact.
 */
export async function axeViolations(
  scope: Locator,
  excused: readonly string[] = [],
  held: readonly string[] = [],
): Promise<AxeViolation[]> {
  await scope.waitFor();
  // Colours are measured as painted: let an opening fade finish (spinners run forever: not waited on).
  await scope.evaluate((el) =>
    Promise.all(
      el.ownerDocument
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const page = scope.page();
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const results = await scope.evaluate((el) => window.axe!.run(el, { resultTypes: ['violations'] }));
  return results.violations
    .filter(
      (v) => (v.impact === 'serious' || v.impact === 'critical' || held.includes(v.id)) && !excused.includes(v.id),
    )
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }));
}

/** Fails, naming each rule and the elements, when the dialog has serious or critical violations. */
export async function expectAccessible(
  scope: Locator,
  excused: readonly string[] = [],
  where = 'the open modal',
): Promise<void> {
  const violations = await axeViolations(scope, excused);
  if (violations.length > 0) {
    const lines = violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`);
    throw new Error(`axe found ${violations.length} serious/critical violation(s) in ${where}:\n${lines.join('\n')}`);
  }
}
