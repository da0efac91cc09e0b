// Reads a setting in any runtime the functions run on: Supabase Edge (Deno.env), Netlify and the
// local gateway (process.env). Looked up on each call, never at module load, so importing a
// function has no side effects.

interface DenoLike {
  readonly env: { get(name: string): string | undefined };
}
interface ProcessLike {
  readonly env: Record<string, string | undefined>;
}
interface RuntimeGlobals {
  readonly Deno?: DenoLike;
  readonly process?: ProcessLike;
}

export function getEnv(name: string): string | undefined {
  const runtime: RuntimeGlobals = globalThis;
  const value = runtime.Deno ? runtime.Deno.env.get(name) : runtime.process?.env[name];
  return value === undefined || value === '' ? undefined : value;
}
