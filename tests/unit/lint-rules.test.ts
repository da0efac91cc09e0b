// The project's boundaries, as the lint holds them (.config/eslint-floors.js): each probe is a file
// that breaks one rule, linted with the real config under a path in the tree, and must be refused
// by that rule; each allowed counterpart must pass, so the rules refuse only what they name.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, '.config/eslint.config.js') });

/** The rules that refuse `code` as the file at `file` (a path from the repo's root). */
async function refusedBy(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint: floors (app → features → ui → data → sync → store → core)', () => {
  it('refuses a static import up a floor', async () => {
    expect(
      await refusedBy('src/core/probe.ts', "import { useLive } from '../data/live.ts';\nexport { useLive };\n"),
    ).toEqual(['checkpoint/floors']);
  });

  it('refuses a type-only import up a floor', async () => {
    const code =
      "import type { InstallMenuItemProps } from '../features/install/index.ts';\nexport type P = InstallMenuItemProps;\n";
    expect(await refusedBy('src/data/probe.ts', code)).toEqual(['checkpoint/floors']);
  });

  it('refuses a dynamic import() up a floor', async () => {
    const code = "export const load = () => import('../features/home/home-page.tsx');\n";
    expect(await refusedBy('src/ui/probe.ts', code)).toEqual(['checkpoint/floors']);
  });

  it('allows the same floor and the floors below', async () => {
    const code = [
      "import { useToast } from '../toasts/toast-context.tsx';",
      "import { useLive } from '../../data/live.ts';",
      "import { formatMoment } from '../../core/dates.ts';",
      'export { useToast, useLive, formatMoment };',
      '',
    ].join('\n');
    expect(await refusedBy('src/ui/layout/probe.ts', code)).toEqual([]);
  });

  it('keeps the service worker off the UI floors', async () => {
    const code = "import { useToast } from '../src/ui/toasts/toast-context.tsx';\nexport { useToast };\n";
    expect(await refusedBy('sw/probe.ts', code)).toEqual(['checkpoint/floors']);
  });
});

describe("lint: a feature uses another only through that feature's index.ts", () => {
  it("refuses another feature's internals", async () => {
    const code = "import { installStore } from '../install/install-state.ts';\nexport { installStore };\n";
    expect(await refusedBy('src/features/games/probe.ts', code)).toEqual(['checkpoint/feature-boundary']);
  });

  it('refuses them through a dynamic import() too', async () => {
    const code = "export const load = () => import('../legal/legal-modal.tsx');\n";
    expect(await refusedBy('src/features/auth/probe.ts', code)).toEqual(['checkpoint/feature-boundary']);
  });

  it("allows the feature's index.ts and the feature's own files", async () => {
    const code = [
      "import { InstallMenuItem } from '../install/index.ts';",
      "import { GameHeader } from './game-header.tsx';",
      'export { InstallMenuItem, GameHeader };',
      '',
    ].join('\n');
    expect(await refusedBy('src/features/games/probe.ts', code)).toEqual([]);
  });
});

describe('lint: no import cycle', () => {
  // src/core/auth-rules.ts imports ./zod.ts: zod.ts importing auth-rules.ts closes a cycle.
  it('refuses a static import that leads back to the file', async () => {
    const code = "import { signupSchema } from './auth-rules.ts';\nexport { signupSchema };\n";
    const refused = await refusedBy('src/core/zod.ts', code);
    expect(refused).toContain('checkpoint/no-cycle');
  });

  it('allows the same edge as a type-only or a dynamic import', async () => {
    const typeOnly = "import type { signupSchema } from './auth-rules.ts';\nexport type S = typeof signupSchema;\n";
    const dynamic = "export const load = () => import('./auth-rules.ts');\n";
    expect(await refusedBy('src/core/zod.ts', typeOnly)).not.toContain('checkpoint/no-cycle');
    expect(await refusedBy('src/core/zod.ts', dynamic)).not.toContain('checkpoint/no-cycle');
  });
});

describe('lint: supabase/local imports only src/core', () => {
  it('refuses any other floor of the app', async () => {
    const code = "import { toGameRow } from '../../src/data/search/hits.ts';\nexport { toGameRow };\n";
    expect(await refusedBy('supabase/local/probe.ts', code)).toEqual(['checkpoint/floors']);
  });

  it('allows src/core and its own files', async () => {
    const code = [
      "import { toHit } from '../../src/core/search/catalogue-entry.ts';",
      "import { chooseRoutine } from './rpc-call.ts';",
      'export { toHit, chooseRoutine };',
      '',
    ].join('\n');
    expect(await refusedBy('supabase/local/probe.ts', code)).toEqual([]);
  });
});
