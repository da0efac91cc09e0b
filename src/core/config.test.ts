import { describe, expect, it } from 'vitest';
import { buildTimeBackend } from './config.ts';

describe('buildTimeBackend', () => {
  it('uses the hosted project when both settings are given', () => {
    expect(
      buildTimeBackend({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'x'.repeat(40) }),
    ).toEqual({ supabaseUrl: 'https://abc.supabase.co', anonKey: 'x'.repeat(40) });
  });
  it('falls back to the local gateway when they are missing', () => {
    expect(buildTimeBackend({})).toBeNull();
  });
  it('takes the legacy anon key or a publishable key, and refuses a secret or service-role key', () => {
    const jwt = (role: string) =>
      `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ role, iss: 'supabase' })).replaceAll('=', '')}.c2lnbmF0dXJlLXNpZ25hdHVyZQ`;
    const url = 'https://abc.supabase.co';
    expect(buildTimeBackend({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: jwt('anon') })?.anonKey).toBe(
      jwt('anon'),
    );
    expect(
      buildTimeBackend({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'sb_publishable_abcdefghijklmnopqrstuv' }),
    ).not.toBeNull();
    expect(() => buildTimeBackend({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: jwt('service_role') })).toThrow(
      /never a secret or service-role key/,
    );
    expect(() =>
      buildTimeBackend({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'sb_secret_abcdefghijklmnopqrstuvwxyz' }),
    ).toThrow(/never a secret/);
  });
  it('names a bad setting', () => {
    expect(() => buildTimeBackend({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL must be a URL/);
  });
});
