import { describe, expect, it } from 'vitest';
import { buildTimeBackend } from './config.ts';

describe('buildTimeBackend', () => {
  it('uses the hosted project when both settings are given', () => {
    expect(buildTimeBackend({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'x'.repeat(40) }))
      .toEqual({ supabaseUrl: 'https://abc.supabase.co', anonKey: 'x'.repeat(40) });
  });
  it('falls back to the local gateway when they are missing', () => {
    expect(buildTimeBackend({})).toBeNull();
  });
  it('names a bad setting', () => {
    expect(() => buildTimeBackend({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL must be a URL/);
  });
});
