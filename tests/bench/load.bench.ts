// The full load test (issue 7 §3): 200 concurrent simulated members for 60 s on loopback, PGlite.
// Target: no errors, p95 under 200 ms. CI runs a short version (tests/integration/load.test.ts).
import { runLoad, type LoadRun } from '../support/load.ts';

export const FULL_LOAD = { members: 200, durationMs: 60_000 } as const;

export function benchLoad(): Promise<LoadRun> {
  return runLoad({ members: Number(process.env['LOAD_MEMBERS'] ?? FULL_LOAD.members), durationMs: Number(process.env['LOAD_SECONDS'] ?? FULL_LOAD.durationMs / 1000) * 1000 });
}
