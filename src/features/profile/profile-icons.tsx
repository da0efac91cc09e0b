// The header's small line icons (inline SVG: they render the same everywhere, unlike emoji). Their
// paths are in core/profile-icons.ts, which a profile's first paint draws them from too.
import { PROFILE_ICON_PATHS as PATHS, type ProfileIconName } from '../../core/profile-icons.ts';

export function ProfileIcon({ name, size = 16 }: { readonly name: ProfileIconName; readonly size?: number }) {
  return (
    <svg
      className="profile-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
