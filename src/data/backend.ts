// The supabase-js client. With VITE_SUPABASE_URL/ANON_KEY set at build time it talks to that
// hosted project; otherwise to the local gateway that serves this app, whose public settings
// come from /_dev/config.json.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { BackendConfigSchema, buildTimeBackend, type BackendConfig } from '../core/config.ts';

let client: Promise<SupabaseClient> | undefined;

async function backendConfig(): Promise<BackendConfig> {
  const fixed = buildTimeBackend(import.meta.env);
  if (fixed) return fixed;
  const response = await fetch('/_dev/config.json');
  if (!response.ok) throw new Error(`Backend settings unavailable (${response.status})`);
  return BackendConfigSchema.parse(await response.json());
}

export function backend(): Promise<SupabaseClient> {
  client ??= backendConfig().then(({ supabaseUrl, anonKey }) =>
    createClient(supabaseUrl, anonKey, { auth: { storageKey: 'checkpoint.auth', detectSessionInUrl: true, flowType: 'implicit' } }),
  );
  return client;
}

export interface RecentReview {
  id: number;
  rating: number;
  review: string;
  author: { username: string };
  game: { name: string };
}

export async function recentReviews(limit = 4): Promise<RecentReview[]> {
  const supabase = await backend();
  const { data, error } = await supabase.rpc('get_recent_reviews', { p_limit: limit });
  if (error) throw new Error(error.message);
  return (data ?? []) as RecentReview[];
}
