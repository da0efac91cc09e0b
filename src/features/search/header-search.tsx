export function HeaderSearch() {
  return null;
}
