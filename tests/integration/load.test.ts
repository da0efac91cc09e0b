// The gateway under load, shortened for CI: LOAD_MEMBERS (default 20) simulated
// members for LOAD_SECONDS (default 5) mixing screen reads, searches, pushes and pulls. Latency is
// a benchmark figure (`npm run bench` runs 200 members for 60 s and prints p50/p95/p99); here the
// run must have no errors and leave the counters exact.
import { expect, it } from 'vitest';
import { runLoad } from '../support/load.ts';

it('serves concurrent members without an error and keeps the counters exact', async () => {
  const members = Number(process.env['LOAD_MEMBERS'] ?? 20);
  const seconds = Number(process.env['LOAD_SECONDS'] ?? 5);
  const run = await runLoad({ members, durationMs: seconds * 1000 });
  expect(run.errorSamples).toEqual([]);
  expect(run.errors).toBe(0);
  expect(run.requests).toBeGreaterThan(members);
  expect(run.pushedMutations).toBeGreaterThan(0);
  expect(Object.keys(run.byKind)).toEqual(expect.arrayContaining(['read.game_page', 'search.database', 'sync.push']));
  expect(run.counterDrift).toBe(0);
}, 300_000);
