// Build-time settings, parsed once with zod so a bad value is named instead of failing later.
import { z } from './zod.ts';

/** The role a legacy API key (a JWT) carries, or undefined for a key that is not a JWT. */
function jwtRole(key: string): unknown {
  const payload = key.split('.')[1];
  if (key.split('.').length !== 3 || !payload) return undefined;
  try {
    return (JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/** Only a client key may be built into the app: the anon JWT or a publishable key, never a secret one. */
const isClientKey = (key: string): boolean =>
  !key.startsWith('sb_secret_') && [undefined, 'anon'].includes(jwtRole(key) as string | undefined);

const Env = z.object({
  VITE_SUPABASE_URL: z.optional(z.url('VITE_SUPABASE_URL must be a URL')),
  VITE_SUPABASE_ANON_KEY: z.optional(
    z
      .string()
      .check(
        z.minLength(20, 'VITE_SUPABASE_ANON_KEY looks too short'),
        z.refine(
          isClientKey,
          'VITE_SUPABASE_ANON_KEY must be the anon or publishable key, never a secret or service-role key',
        ),
      ),
  ),
});

export interface BackendConfig {
  readonly supabaseUrl: string;
  readonly anonKey: string;
}

/** The hosted project named at build time, or null to use the local gateway on this origin. */
export function buildTimeBackend(env: Record<string, unknown>): BackendConfig | null {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Bad setting: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: key } = parsed.data;
  return url && key ? { supabaseUrl: url, anonKey: key } : null;
}

export const BackendConfigSchema = z.object({ supabaseUrl: z.url(), anonKey: z.string().check(z.minLength(20)) });
