// A member's face in the header's account area: their avatar (or initial), name and the menu's
// chevron. The menu's trigger shows it (account-menu.tsx), and so does the placeholder that holds
// the menu's place while the member's session is read or the menu's code comes in
// (header-account.tsx): the area keeps one shape from the first render to the menu.
import type { AuthUser } from '../../data/auth/auth-store.ts';
import type { MemberFace as Face } from '../../data/auth/stored-member.ts';

/** The name the header shows for a member: their member row's, else their account's, else their address's. */
export function memberName(user: AuthUser, rowUsername?: string): string {
  return rowUsername ?? user.username ?? user.email?.split('@')[0] ?? 'Member';
}

export function MemberFace({ name, avatar }: { readonly name: string; readonly avatar: string | null }) {
  return (
    <>
      {/* The initial is drawn by CSS (data-initial): not text, so the name shown is all the text the label must contain. */}
      <span className="account__avatar" aria-hidden="true" data-initial={avatar ? undefined : name.charAt(0)}>
        {avatar && <img src={avatar} alt="" />}
      </span>
      <span className="account__name">{name}</span>
      <svg className="account__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" d="m4 6 4 4 4-4" />
      </svg>
    </>
  );
}

/** The menu's trigger as it will look, disabled and busy until the menu is in. */
export function MemberFacePlaceholder({ face }: { readonly face: Pick<Face, 'name' | 'avatar'> }) {
  return (
    <div className="account">
      <button
        type="button"
        className="account__trigger"
        disabled
        aria-busy="true"
        aria-label={`Account menu for ${face.name}`}
      >
        <MemberFace name={face.name} avatar={face.avatar} />
      </button>
    </div>
  );
}
