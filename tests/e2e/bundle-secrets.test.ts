// The built app must carry no secret: at most the anon key (a JWT whose role is anon),
// never a service-role key, a JWT secret, IGDB credentials or a private key. Reads the build the
// e2e run made (dist/, or CHECKPOINT_DIST_DIR).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEFAULT_DIST_DIR } from '../../supabase/local/gateway.ts';

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))),
  );
  return nested.flat();
}

const JWT = /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/g;

function claims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

it('ships no secret in any built file', async () => {
  const shipped = (await files(DEFAULT_DIST_DIR)).filter(
    (f) => /\.(js|html|css|json|webmanifest|txt)$/.test(f) && !f.endsWith('.map'),
  );
  expect(shipped.length).toBeGreaterThan(3);
  const secrets = ['JWT_SECRET', 'IGDB_CLIENT_SECRET', 'IGDB_CLIENT_ID', 'SUPABASE_SERVICE_ROLE_KEY', 'DATABASE_URL']
    .map((name) => process.env[name])
    .filter((v): v is string => typeof v === 'string' && v.length >= 8);
  for (const file of shipped) {
    const text = await readFile(file, 'utf8');
    expect(text, file).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
    expect(text, file).not.toMatch(/service_role_key|SERVICE_ROLE_KEY|client_secret=/);
    for (const secret of secrets)
      expect(text.includes(secret), `${file} contains a secret from the environment`).toBe(false);
    for (const token of text.match(JWT) ?? [])
      expect(claims(token)['role'], `${file} carries a non-anon JWT`).toBe('anon');
  }
});
