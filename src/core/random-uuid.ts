// Random ids (mutation ids, the sync client id, comment and journal keys) that work on every page
// the app can be opened on. crypto.randomUUID exists only in secure contexts (https, localhost);
// a phone that opens a self-hosted server at a plain-HTTP LAN address (http://192.168.1.20:5173)
// has crypto.getRandomValues only, which is all a version 4 UUID needs.

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** getRandomValues fills at most 65,536 bytes a call: 4,096 UUIDs. */
const PER_CALL = 4096;

function format(bytes: Uint8Array, at: number): string {
  const h = (i: number) => HEX[bytes[at + i] ?? 0] ?? '00';
  const version = HEX[((bytes[at + 6] ?? 0) & 0x0f) | 0x40]; // version 4
  const variant = HEX[((bytes[at + 8] ?? 0) & 0x3f) | 0x80]; // variant 10
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${version}${h(7)}-${variant}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}

/** A random (version 4, RFC 9562) UUID. */
export function randomUuid(): string {
  return format(crypto.getRandomValues(new Uint8Array(16)), 0);
}

/** `count` random UUIDs at once (an import's batch of writes): one call for the randomness of up to 4,096. */
export function randomUuids(count: number): string[] {
  const ids: string[] = [];
  for (let done = 0; done < count; done += PER_CALL) {
    const n = Math.min(PER_CALL, count - done);
    const bytes = crypto.getRandomValues(new Uint8Array(16 * n));
    for (let i = 0; i < n; i++) ids.push(format(bytes, 16 * i));
  }
  return ids;
}
