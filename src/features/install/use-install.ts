import { useSyncExternalStore } from 'react';
import { installStore, type InstallOffer, type InstallStore } from './install-state.ts';

/** What this device can do to install the app, kept current (prompt arrives, app installed). */
export function useInstallOffer(store: InstallStore = installStore): InstallOffer {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => 'none');
}
