// Not a plugin: which integration test files start the local gateway. On a database built like
// hosted Supabase (npm run test:supabase) vite.config.ts's 'db' test project leaves them out:
// hosted serves its API with PostgREST and GoTrue, not our gateway.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The integration test files that start the local gateway (tests/support/gateway.ts). */
export function testsOfTheGateway(dir = 'tests/integration'): string[] {
  return readdirSync(dir)
    .filter(
      (file) =>
        file.endsWith('.test.ts') &&
        /from '\.\.\/support\/gateway\.ts'/.test(readFileSync(path.join(dir, file), 'utf8')),
    )
    .map((file) => `${dir}/${file}`);
}
