// Deterministic uuids for what an import makes: the same file imported again by the same member
// names the same journal sessions, so they are found (and not logged twice) however often it runs.
// Two 64-bit FNV-1a hashes of the name, shaped as a version 5 (name-based) uuid.

function fnv1a64(text: string, seed: bigint): bigint {
  let hash = 0xcbf29ce484222325n ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash;
}

/** A uuid (version 5 layout, RFC 4122 variant) from a name: equal names, equal uuids. */
export function nameUuid(name: string): string {
  const hex = (
    fnv1a64(name, 0n).toString(16).padStart(16, '0') + fnv1a64(name, 0x9e3779b97f4a7c15n).toString(16).padStart(16, '0')
  ).split('');
  hex[12] = '5';
  hex[16] = ['8', '9', 'a', 'b'][parseInt(hex[16] ?? '0', 16) & 3] ?? '8';
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The key of a journal session an import makes, for one member. */
export const importSessionKey = (memberId: number, sourceKey: string): string =>
  nameUuid(`checkpoint-import:${memberId}:${sourceKey}`);
