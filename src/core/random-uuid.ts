// Random ids (mutation ids, the sync client id, comment and journal keys) that work on every page
// the app can be opened on. crypto.randomUUID exists only in secure contexts (https, localhost);
// a phone that opens a self-hosted server at a plain-HTTP LAN address (http://192.168.1.20:5173)
// has crypto.getRandomValues only, which is all a version 4 UUID needs.

/** A random (version 4, RFC 9562) UUID. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
