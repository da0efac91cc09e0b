// Reads a text file in any runtime the functions run on: Deno.readTextFile on Supabase Edge,
// node:fs/promises (imported on first use, never at module load) on Netlify and the local gateway.

interface DenoFs {
  readTextFile(path: string | URL): Promise<string>;
}

export async function readText(path: string | URL): Promise<string> {
  const deno = (globalThis as { Deno?: DenoFs }).Deno;
  if (deno) return deno.readTextFile(path);
  const fs = await import('node:fs/promises');
  return fs.readFile(path, 'utf8');
}
