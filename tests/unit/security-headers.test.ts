import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, documentSecurityHeaders, staticHostHeadersFile } from '../../supabase/local/security-headers.ts';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

describe('security headers', () => {
  it('allow no inline or eval script, no framing and no plugins', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('script-src')).toEqual(["'self'"]);
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

  it('are the same in public/_headers for static hosts', async () => {
    expect(await readFile(new URL('../../public/_headers', import.meta.url), 'utf8')).toBe(staticHostHeadersFile());
  });
});
