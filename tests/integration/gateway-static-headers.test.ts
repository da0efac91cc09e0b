// The gateway serves the app with the security headers (issue 7 §3): every file nosniff, referrer
// and permissions policies; documents (also the single-page fallback) the Content-Security-Policy.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';

let gateway: Gateway;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cp-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  gateway = await startGateway({ port: 0, inMemory: true, distDir: dist, seed: false, log: () => undefined });
});

afterAll(async () => {
  await gateway?.close();
  await rm(dist, { recursive: true, force: true });
});

it('sends the Content-Security-Policy with documents, including client-side routes', async () => {
  for (const route of ['/', '/game/the-witcher-3-wild-hunt']) {
    const response = await fetch(`${gateway.url}${route}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  }
});

it('sends nosniff, referrer and permissions policies with every file', async () => {
  const response = await fetch(`${gateway.url}/assets/app.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('geolocation=()');
  expect(response.headers.get('content-security-policy')).toBeNull();
});
