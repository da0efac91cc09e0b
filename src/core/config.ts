// Build-time settings, parsed once with zod so a bad value is named instead of failing later.
import { z } from './zod.ts';

const Env = z.object({
  VITE_SUPABASE_URL: z.optional(z.url('VITE_SUPABASE_URL must be a URL')),
  VITE_SUPABASE_ANON_KEY: z.optional(z.string().check(z.minLength(20, 'VITE_SUPABASE_ANON_KEY looks too short'))),
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
