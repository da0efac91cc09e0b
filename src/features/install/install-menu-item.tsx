// 'Install app' in the member menu: where the browser offers installation it opens the
// browser's install dialog; on an iPhone or iPad (no such dialog) it opens the Add to Home Screen
// how-to. Absent when the app already runs installed or the browser offers nothing.
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { installStore, type InstallStore } from './install-state.ts';
import { useInstallOffer } from './use-install.ts';
import './install.css';

export interface InstallMenuItemProps {
  /** Closes the menu (called before the browser's dialog or the how-to opens). */
  readonly onChosen: () => void;
  /** Opens the iOS how-to (kept outside the menu, which closes). */
  readonly onShowIosHelp: () => void;
  readonly store?: InstallStore;
}

export function InstallMenuItem({ onChosen, onShowIosHelp, store = installStore }: InstallMenuItemProps) {
  const offer = useInstallOffer(store);
  const toasts = useToast();
  if (offer === 'none') return null;
  const choose = () => {
    onChosen();
    if (offer === 'ios') {
      onShowIosHelp();
      return;
    }
    store.install().then(
      (outcome) => {
        if (outcome === 'accepted')
          toasts.push('Checkpoint is installed. Open it from your home screen or app list.', 'info');
      },
      () => toasts.push('The browser could not install Checkpoint. Please try again.', 'error'),
    );
  };
  return (
    <button role="menuitem" tabIndex={-1} type="button" className="account__item install-item" onClick={choose}>
      <svg className="install-item__icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2h12v-2"
        />
      </svg>
      Install app
    </button>
  );
}
