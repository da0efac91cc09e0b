// axe-core over every route, signed out and signed in, at 390 and 1280 px, against the
// gateway's demo data, in the dark and the light theme: no serious or critical violation anywhere,
// and none of the moderate ones this app once had (landmark-unique on /search and /users). Each page
// is checked once its content shows, with the whole document in scope (header, main, footer), not
// only a dialog.
import { expect, it } from 'vitest';
import { axeViolations, type AxeViolation } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld } from './harness.ts';
import { PIXEL, ROUTES } from './routes.ts';

const world = e2eWorld();

/** Moderate rules this app broke once: held to zero as well. */
const HELD_MODERATE = ['landmark-unique', 'label-content-name-mismatch'];

async function audit(signedIn: boolean, width: number): Promise<string[]> {
  const { context, page, errors } = await world.open(width);
  const found: string[] = [];
  try {
    if (signedIn) expect(await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
    for (const route of ROUTES) {
      if (route.signedInOnly && !signedIn) continue;
      await page.goto(`${world.gateway.url}${route.path}`);
      const shown = await page
        .locator(route.ready)
        .first()
        .waitFor({ timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      if (!shown) {
        found.push(`${route.path} @${width}px: '${route.ready}' never showed`);
        continue;
      }
      // Let late reads (the device's answer, then the server's) settle before judging the page.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // Both themes, the system's preference switched under the page (the app follows it at once).
      for (const theme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
        const violations: AxeViolation[] = await axeViolations(page.locator('body'), [], HELD_MODERATE);
        for (const v of violations)
          found.push(
            `${route.path} @${width}px ${signedIn ? 'signed in' : 'signed out'} (${theme}): ${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`,
          );
      }
    }
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
  return found;
}

for (const signedIn of [false, true]) {
  for (const width of [390, 1280]) {
    it(`every route ${signedIn ? 'signed in' : 'signed out'} at ${width} px has no serious or critical axe violation in either theme`, async () => {
      const found = await audit(signedIn, width);
      expect(found, found.join('\n')).toEqual([]);
    }, 240_000);
  }
}
