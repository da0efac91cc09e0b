// supabase/config.toml (what the Supabase CLI pushes to the hosted project) and the local gateway
// (what development, tests and single-machine use run) must agree on what they share: the paths a
// mail link or an OAuth return may open, email confirmation before sign-in, the providers, the
// limits, and whether the catalogue function wants a JWT. Paths, not origins, are compared: the
// gateway's base URL is its own setting. The file may hold only keys of the CLI's template.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../supabase/local/auth/rate-limit.ts';
import { MIN_PASSWORD_LENGTH } from '../../supabase/local/auth/passwords.ts';
import { loadConfig } from '../../supabase/local/config.ts';
import { linkToken, signUpMember, startTestGateway, TEST_PASSWORD, type TestGateway } from '../support/gateway.ts';
import { parseToml, type TomlTable, type TomlValue } from '../support/toml.ts';

const config = parseToml(readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8'));
const PROVIDERS = ['github', 'google', 'discord'] as const;

function get(path: string): TomlValue | undefined {
  let at: TomlValue | undefined = config;
  for (const key of path.split('.')) at = typeof at === 'object' && !Array.isArray(at) ? at[key] : undefined;
  return at;
}

/**
 * The keys of the CLI's config template (supabase/cli pkg/config/templates/config.toml, and
 * internal/functions/new/templates/config.toml for a function) in the tables this file uses.
 */
const CLI_KEYS: Record<string, readonly string[]> = {
  '': ['project_id'],
  api: ['enabled', 'port', 'schemas', 'extra_search_path', 'max_rows', 'auto_expose_new_tables'],
  db: ['port', 'shadow_port', 'health_timeout', 'major_version'],
  auth: [
    'enabled',
    'site_url',
    'external_url',
    'additional_redirect_urls',
    'jwt_expiry',
    'jwt_issuer',
    'signing_keys_path',
    'enable_refresh_token_rotation',
    'refresh_token_reuse_interval',
    'enable_signup',
    'enable_anonymous_sign_ins',
    'enable_manual_linking',
    'minimum_password_length',
    'password_requirements',
  ],
  'auth.rate_limit': [
    'email_sent',
    'sms_sent',
    'anonymous_users',
    'token_refresh',
    'sign_in_sign_ups',
    'token_verifications',
    'web3',
  ],
  'auth.email': [
    'enable_signup',
    'double_confirm_changes',
    'enable_confirmations',
    'secure_password_change',
    'max_frequency',
    'otp_length',
    'otp_expiry',
  ],
  'auth.external.*': ['enabled', 'client_id', 'secret', 'redirect_uri', 'url', 'skip_nonce_check', 'email_optional'],
  edge_runtime: ['enabled', 'policy', 'inspector_port', 'deno_version'],
  'functions.*': ['enabled', 'verify_jwt', 'import_map', 'entrypoint', 'static_files'],
};

/** Every [table] with its own keys (a key holding a table is a table, not a key). */
function tables(table: TomlTable, name = ''): Array<[string, string[]]> {
  const keys = Object.keys(table).filter((k) => typeof table[k] !== 'object' || Array.isArray(table[k]));
  const nested = Object.entries(table).flatMap(([k, v]) =>
    typeof v === 'object' && !Array.isArray(v) ? tables(v, name ? `${name}.${k}` : k) : [],
  );
  return [[name, keys], ...nested];
}

const redirectUrls = (): URL[] => {
  const urls = get('auth.additional_redirect_urls');
  return Array.isArray(urls) ? urls.map((u) => new URL(String(u))) : [];
};

describe('supabase/config.toml', () => {
  it('holds only keys of the CLI template, with PostgreSQL 15 and the function declared', () => {
    for (const [name, keys] of tables(config)) {
      if (name === '' && keys.length === 0) continue;
      const template = CLI_KEYS[name] ?? CLI_KEYS[name.replace(/^(auth\.external|functions)\.[^.]+$/, '$1.*')];
      // Tables that only group others ([auth.external], [functions]) have no keys of their own.
      if (keys.length === 0 && ['auth.external', 'functions'].includes(name)) continue;
      expect(template, `[${name}] is not a table of the CLI template`).toBeDefined();
      for (const key of keys) expect(template, `[${name}] ${key}`).toContain(key);
    }
    expect(get('db.major_version')).toBe(15);
    expect(get('functions.igdb-search.entrypoint')).toBe('./functions/igdb-search/index.ts');
    expect(get('functions.igdb-search.import_map')).toBe('./functions/igdb-search/deno.json');
  });

  it('keeps the OAuth credentials out of the file (env() references)', () => {
    for (const p of PROVIDERS) {
      expect(get(`auth.external.${p}.client_id`)).toMatch(/^env\([A-Z0-9_]+\)$/);
      expect(get(`auth.external.${p}.secret`)).toMatch(/^env\([A-Z0-9_]+\)$/);
    }
  });

  it('allows redirects only to the site, at the two paths the app opens from links', () => {
    const site = new URL(String(get('auth.site_url')));
    const urls = redirectUrls();
    for (const url of urls) expect(url.origin).toBe(site.origin);
    expect(urls.map((u) => u.pathname).sort()).toEqual(['/auth/callback', '/reset-password']);
  });
});

describe('the local gateway agrees with supabase/config.toml', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  const settings = async (): Promise<{
    mailer_autoconfirm: boolean;
    disable_signup: boolean;
    external: Record<string, boolean>;
  }> => {
    const res = await fetch(`${gw.url}/auth/v1/settings`, { headers: { apikey: gw.anonKey } });
    return (await res.json()) as {
      mailer_autoconfirm: boolean;
      disable_signup: boolean;
      external: Record<string, boolean>;
    };
  };

  it('opens its mail links at the paths config.toml allows', async () => {
    const member = await signUpMember(gw, 'config_links');
    const signupLink = new URL((await gw.lastMail(member.email, 'signup')).link);
    const reset = await gw.client().auth.resetPasswordForEmail(member.email);
    expect(reset.error).toBeNull();
    const recoveryLink = new URL((await gw.lastMail(member.email, 'recovery')).link);
    expect([signupLink.pathname, recoveryLink.pathname].sort()).toEqual(
      redirectUrls()
        .map((u) => u.pathname)
        .sort(),
    );
  });

  it('returns an OAuth sign-in to each allowed path on its site, and to no other origin', async () => {
    const site = new URL(gw.url);
    for (const path of redirectUrls().map((u) => u.pathname)) {
      const allowed = await fetch(
        `${gw.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${site.origin}${path}`)}`,
        { redirect: 'manual' },
      );
      expect(allowed.status).toBe(302);
      const back = new URL(allowed.headers.get('location') ?? '');
      expect(back.origin + back.pathname).toBe(`${site.origin}${path}`);
      const foreign = await fetch(
        `${gw.url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`https://elsewhere.example${path}`)}`,
        { redirect: 'manual' },
      );
      const fallback = new URL(foreign.headers.get('location') ?? '');
      expect(fallback.origin).toBe(site.origin);
      expect(fallback.pathname).toBe('/');
    }
  });

  it('requires a confirmed email before password sign-in, as enable_confirmations says', async () => {
    const confirmations = get('auth.email.enable_confirmations');
    expect(confirmations).toBe(true);
    expect((await settings()).mailer_autoconfirm).toBe(!confirmations);
    const email = 'config_unconfirmed@example.test';
    const client = gw.client();
    const signUp = await client.auth.signUp({ email, password: TEST_PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const early = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    const { tokenHash } = linkToken(await gw.lastMail(email, 'signup'));
    expect((await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('offers sign-up and the providers config.toml enables', async () => {
    const s = await settings();
    expect(s.disable_signup).toBe(get('auth.enable_signup') !== true);
    for (const p of PROVIDERS) expect(s.external[p], p).toBe(get(`auth.external.${p}.enabled`));
  });

  it('has the limits, password length and token lifetime of config.toml by default', () => {
    const defaults = loadConfig({});
    expect(get('auth.jwt_expiry')).toBe(defaults.jwtExpiry);
    expect(get('auth.minimum_password_length')).toBe(MIN_PASSWORD_LENGTH);
    expect(defaults.rateLimits).toMatchObject(DEFAULT_RATE_LIMITS);
    expect({
      email_sent: DEFAULT_RATE_LIMITS.emailSent,
      sign_in_sign_ups: DEFAULT_RATE_LIMITS.signInSignUps,
      token_refresh: DEFAULT_RATE_LIMITS.tokenRefresh,
      token_verifications: DEFAULT_RATE_LIMITS.verify,
    }).toEqual(get('auth.rate_limit'));
    expect(get('auth.email.max_frequency')).toBe(`${DEFAULT_RATE_LIMITS.emailMaxFrequency}s`);
  });

  it('serves the catalogue function without a JWT, as verify_jwt = false says', async () => {
    expect(get('functions.igdb-search.verify_jwt')).toBe(false);
    const res = await fetch(`${gw.url}/functions/v1/igdb-search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ searchTerm: 'zelda', limit: 1 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
});
