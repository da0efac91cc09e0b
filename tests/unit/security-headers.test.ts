import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  THEME_SCRIPT_HASH,
  contentSecurityPolicy,
  documentSecurityHeaders,
  staticHostHeadersFile,
} from '../../supabase/local/security-headers.ts';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('allow no inline script but the theme script, no eval, no framing and no plugins', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('script-src')).toEqual(["'self'", THEME_SCRIPT_HASH]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('let a build for hosted Supabase reach its project and nothing else', () => {
    const csp = directives(contentSecurityPolicy({ connect: ['https://abc.supabase.co'] }));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://abc.supabase.co']);
    const headers = documentSecurityHeaders();
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });

  it("allow index.html's inline theme script by the hash of what it holds now", async () => {
    const html = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(THEME_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it('are the same in public/_headers for static hosts', async () => {
    expect(await readFile(new URL('../../public/_headers', import.meta.url), 'utf8')).toBe(staticHostHeadersFile());
  });
});
