// Keeping offline data safe: storage is asked to be persistent when a member signs in and when the
// app is installed. Quota errors from Dexie writes are reported by the page's database itself
// (backend.ts localDb); here also those from any promise nobody handled.
import { backend, memberPresent } from '../data/backend.ts';
import { reportStorageError, requestPersistence } from '../data/storage-persist.ts';

function askForPersistence(): void {
  // Refused or unsupported is not an error: the browser keeps best-effort storage.
  requestPersistence().catch(() => false);
}

export function watchStorage(): () => void {
  const onRejection = (event: PromiseRejectionEvent) => reportStorageError(event.reason);
  window.addEventListener('appinstalled', askForPersistence);
  window.addEventListener('unhandledrejection', onRejection);
  let unsubscribe = () => {};
  let stopped = false;
  // Nobody signs in before acting: a visitor who only looks does not download supabase-js for this.
  memberPresent()
    .then(backend)
    .then(
      (supabase) => {
        if (stopped) return;
        const { data } = supabase.auth.onAuthStateChange((event) => {
          if (event === 'SIGNED_IN') askForPersistence();
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      // No backend settings (offline first start): nobody can sign in now; appinstalled still asks.
      () => undefined,
    );
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('appinstalled', askForPersistence);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
