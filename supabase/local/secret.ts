// The JWT signing secret when JWT_SECRET is unset: created once and kept in DATA_DIR/jwt-secret,
// so access tokens, refresh sessions and the anon key survive a restart.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_FILE = 'jwt-secret';

export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' so two starts racing here cannot each write a different secret.
  try {
    await writeFile(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if (isExists(error)) return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function isExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}
