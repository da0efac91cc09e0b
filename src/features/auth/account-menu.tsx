// A member's menu in the header: My Profile, Settings, the theme, Sign Out, Delete account. Sign-out with
// changes still unsynced asks first (keep waiting, or sign out anyway and lose them); both end on /.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../data/auth/auth-store.ts';
import { useLive } from '../../data/live.ts';
import { useToast } from '../../ui/toasts/toast-context.tsx';
import { useAuthStore } from '../../ui/auth/auth-context.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MemberFace, memberName } from './member-face.tsx';
import { ThemeMenuItems } from '../../ui/theme/theme-menu-items.tsx';

type Dialog = { kind: 'unsynced'; count: number } | { kind: 'delete' } | null;

/** `extraItems`: more menu items after Settings (e.g. 'Install app'), given a function that closes the menu. */
export function AccountMenu({
  user,
  memberId,
  extraItems,
}: {
  readonly user: AuthUser;
  readonly memberId: number | null;
  readonly extraItems?: (close: () => void) => ReactNode;
}) {
  const store = useAuthStore();
  const toasts = useToast();
  const navigate = useNavigate();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const row = useLive((db) => (memberId === null ? Promise.resolve(undefined) : db.users.get(memberId)), [memberId]);
  const name = memberName(user, row?.username);
  const avatar = row?.avatar_url ?? null;

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => {
      event.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  const signOut = async (discardUnsynced: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await store.signOut({ discardUnsynced });
      if (outcome.signedOut) {
        setDialog(null);
        navigate('/');
      } else {
        setDialog({ kind: 'unsynced', count: outcome.unsynced });
      }
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : 'Sign out failed. Please try again.');
      if (!dialog) toasts.push('Sign out failed. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };

  const deleteAccount = async () => {
    setBusy(true);
    setError(null);
    try {
      await store.deleteAccount();
      setDialog(null);
      navigate('/');
      toasts.push('Your account has been deleted.', 'info');
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : 'No user found');
    } finally {
      setBusy(false);
    }
  };

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="account__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${ids}-menu`}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MemberFace name={name} avatar={avatar} />
      </button>
      {open && (
        <div
          ref={menu}
          id={`${ids}-menu`}
          className="account__menu"
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKey}
        >
          <div className="account__who" role="presentation">
            <span className="account__who-name">{name}</span>
            {user.email && <span className="account__who-email">{user.email}</span>}
          </div>
          {memberId === null ? (
            <span
              role="menuitem"
              tabIndex={-1}
              aria-disabled="true"
              className="account__item"
              title="Loading user data..."
            >
              My Profile
            </span>
          ) : (
            <Link
              role="menuitem"
              tabIndex={-1}
              className="account__item"
              to={`/user/${memberId}`}
              onClick={() => setOpen(false)}
            >
              My Profile
            </Link>
          )}
          <Link role="menuitem" tabIndex={-1} className="account__item" to="/settings" onClick={() => setOpen(false)}>
            Settings
          </Link>
          {extraItems?.(() => setOpen(false))}
          <ThemeMenuItems />
          <div className="account__sep" role="separator" />
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="account__item"
            onClick={choose(() => void signOut(false))}
          >
            Sign Out
          </button>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="account__item account__item--danger"
            onClick={choose(() => {
              setError(null);
              setDialog({ kind: 'delete' });
            })}
          >
            Delete account
          </button>
        </div>
      )}
      {dialog?.kind === 'unsynced' && (
        <ConfirmDialog
          title="Sign out with unsynced changes?"
          cancelLabel="Keep waiting"
          confirmLabel="Sign out anyway"
          busyLabel="Signing out..."
          busy={busy}
          error={error}
          onCancel={() => setDialog(null)}
          onConfirm={() => void signOut(true)}
        >
          <p>
            {dialog.count === 1
              ? "You have 1 change that hasn't synced yet."
              : `You have ${dialog.count} changes that haven't synced yet.`}{' '}
            They are saved on this device and will reach your account as soon as you are back online. If you sign out
            now, they will be lost.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete your account?"
          cancelLabel="Cancel"
          confirmLabel="Delete account"
          busyLabel="Deleting..."
          busy={busy}
          error={error}
          onCancel={() => setDialog(null)}
          onConfirm={() => void deleteAccount()}
        >
          <p>
            This permanently deletes your account and everything in it: your profile, reviews, comments, likes, follows,
            lists and progress. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
