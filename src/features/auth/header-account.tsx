// The header's account area (spec 000 §2): 'Loading...' while the session is read; for a visitor
// 'Sign In' (desktop) or 'Sign In / Sign Up' (below 768 px), both opening the auth modal; for a
// member, their menu, with 'Install app' when this device can install Checkpoint (issue 7 §1).
import { useState } from 'react';
import { InstallMenuItem } from '../install/install-menu-item.tsx';
import { IosInstallHelp } from '../install/ios-install-help.tsx';
import { useAuth, useAuthUi } from './auth-context.tsx';
import { AccountMenu } from './account-menu.tsx';
import { HeldChangesDialog } from './held-changes-dialog.tsx';
import { PHONE, useMediaQuery } from '../layout/media-query.ts';
import './auth.css';

export function HeaderAccount() {
  const auth = useAuth();
  const ui = useAuthUi();
  const mobile = useMediaQuery(PHONE);
  const [iosHelp, setIosHelp] = useState(false);
  if (auth.status === 'signedIn') {
    return (
      <div className="account">
        <AccountMenu
          user={auth.user} memberId={auth.memberId}
          extraItems={(close) => <InstallMenuItem onChosen={close} onShowIosHelp={() => setIosHelp(true)} />}
        />
        {iosHelp && <IosInstallHelp onClose={() => setIosHelp(false)} />}
        {auth.heldChanges && <HeldChangesDialog held={auth.heldChanges} username={auth.user.username} />}
      </div>
    );
  }
  const loading = auth.status === 'loading';
  return (
    <div className="account">
      <button type="button" className="button button--primary account__signin" disabled={loading} aria-busy={loading} onClick={() => ui.open('login')}>
        {loading ? 'Loading...' : mobile ? 'Sign In / Sign Up' : 'Sign In'}
      </button>
    </div>
  );
}
