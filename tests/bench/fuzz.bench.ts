// The full fuzz run: 10,000 random and malformed calls over every RPC and the catalogue
// function; CI runs a shorter version (tests/integration/fuzz.test.ts, FUZZ_CASES).
import { importCatalogue } from '../../supabase/local/catalogue.ts';
import { fuzzGateway, type FuzzOutcome } from '../support/fuzz.ts';
import { signUpMember, startTestGateway } from '../support/gateway.ts';
import { mulberry32 } from '../support/random.ts';

export const FULL_FUZZ_CASES = 10_000;

export async function benchFuzz(cases = FULL_FUZZ_CASES, seed = 20261121): Promise<FuzzOutcome & { ms: number }> {
  const gateway = await startTestGateway();
  try {
    await importCatalogue(gateway.db);
    const tokens: string[] = [];
    for (const name of ['fuzz_bench_a', 'fuzz_bench_b']) {
      const member = await signUpMember(gateway, name);
      tokens.push((await member.client.auth.getSession()).data.session?.access_token ?? '');
    }
    const start = performance.now();
    const outcome = await fuzzGateway(gateway, { cases, rand: mulberry32(seed), tokens });
    return { ...outcome, ms: performance.now() - start };
  } finally {
    await gateway.close();
  }
}
