// The gateway serves the app with the security headers: every file nosniff, referrer
// and permissions policies; documents (also the single-page fallback) the Content-Security-Policy.
// And index.html carries the gateway's anon key for a first visit's first read (first-read.ts).
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
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
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

it('writes its anon key into index.html at the end of the head, compressed or not, and into no other file', async () => {
  const tag = `<meta name="checkpoint:anon-key" content="${gateway.anonKey}">`;
  for (const route of ['/', '/index.html', '/game/the-witcher-3-wild-hunt']) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await fetch(`${gateway.url}${route}`, { headers: { 'Accept-Encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      const text = await response.text();
      expect(text).toBe(
        `<!doctype html><html><head><title>t</title>${tag}</head><body><div id="root"></div></body></html>`,
      );
      expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    }
  }
  const head = await fetch(`${gateway.url}/`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
  expect(Number(head.headers.get('content-length'))).toBe(
    Buffer.byteLength(
      `<!doctype html><html><head><title>t</title>${tag}</head><body><div id="root"></div></body></html>`,
    ),
  );
  expect(await (await fetch(`${gateway.url}/assets/app.js`)).text()).toBe('console.log(1)');
});
