// The header's account area for a signed-in member (header-account.tsx): their menu, with 'Install
// app' when this device can install Checkpoint, and the dialogs it opens. A chunk of
// its own: a visitor never needs it, and a member's session is only known once the first screen
// has shown (docs/decisions/0006-first-visit-javascript-budget.md).
import { useState } from 'react';
import type { AuthUser, HeldChanges } from '../../data/auth/auth-store.ts';
import { InstallMenuItem, IosInstallHelp } from '../install/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { HeldChangesDialog } from './held-changes-dialog.tsx';

export default function MemberAccount({
  user,
  memberId,
  heldChanges,
}: {
  readonly user: AuthUser;
  readonly memberId: number | null;
  readonly heldChanges: HeldChanges | null;
}) {
  const [iosHelp, setIosHelp] = useState(false);
  return (
    <div className="account">
      <AccountMenu
        user={user}
        memberId={memberId}
        extraItems={(close) => <InstallMenuItem onChosen={close} onShowIosHelp={() => setIosHelp(true)} />}
      />
      {iosHelp && <IosInstallHelp onClose={() => setIosHelp(false)} />}
      {heldChanges && <HeldChangesDialog held={heldChanges} username={user.username} />}
    </div>
  );
}
