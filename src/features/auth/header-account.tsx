// Placeholder until the accounts screens land: the header's Sign In button or member menu.
export function HeaderAccount() {
  return null;
}
