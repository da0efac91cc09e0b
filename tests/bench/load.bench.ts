// The full load test (issue 7 §3): 200 concurrent simulated members for 60 s on loopback, PGlite.
// Target: no errors, p95 under 200 ms. CI runs a short version (tests/integration/load.test.ts).
//
// A simulated member acts like a quick person: a screen read, a search or a sync every 1–3 s,
// arriving at a random moment of the first pause. The stress run then takes the pauses down to
// 20–200 ms, far beyond what people do, to find the gateway's saturation throughput (there the
// latency is queueing, not work: PGlite serves one query at a time).
import { runLoad, type LoadRun } from '../support/load.ts';

export const FULL_LOAD = { members: 200, durationMs: 60_000, thinkMs: [1000, 3000] } as const;
export const STRESS_LOAD = { members: 200, durationMs: 20_000, thinkMs: [20, 200] } as const;

export function benchLoad(): Promise<LoadRun> {
  return runLoad({
    members: Number(process.env['LOAD_MEMBERS'] ?? FULL_LOAD.members),
    durationMs: Number(process.env['LOAD_SECONDS'] ?? FULL_LOAD.durationMs / 1000) * 1000,
    thinkMs: FULL_LOAD.thinkMs,
  });
}

export function benchLoadStress(): Promise<LoadRun> {
  return runLoad(STRESS_LOAD);
}
