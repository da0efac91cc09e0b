// /user/{id} (spec 002 §2 Profile): the member's header and stats, tabs Top 5, Top 10, Want to
// Play and Activity, and the followers, games, reviews and edit-settings modals. Everything shown
// comes from the device (loadProfile); read-through fetches the member's public rows and keeps
// them fresh. Offline, a cached profile is shown and says so; a non-numeric id, a member who does
// not exist and a failed first load each send the visitor on (to /users or /), saying why.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PROFILE_TEXT, parseUserId } from '../../core/profile.ts';
import { useLive, useReadThrough, type FreshnessState } from '../../data/live.ts';
import { memberExists } from '../../data/profile-remote.ts';
import { loadProfile } from '../../data/repos/profile.ts';
import { isAuthSettled, useAuth, useMemberId } from '../auth/auth-context.tsx';
import { FollowListModal } from './follow-list-modal.tsx';
import { GamesModal } from './games-modal.tsx';
import { ProfileHeader, type ProfileModalKind } from './profile-header.tsx';
import { ProfileModal } from './profile-modal.tsx';
import { ProfileError, ProfileSkeleton } from './profile-states.tsx';
import { ProfileTabs } from './profile-tabs.tsx';
import { ReviewsModal } from './reviews-modal.tsx';
import './profile.css';

const EditSettingsModal = lazy(() => import('./edit-settings-modal.tsx'));
const ExportDataModal = lazy(() => import('./export-data-modal.tsx'));
const ImportDataModal = lazy(() => import('./import-data-modal.tsx'));

export default function ProfilePage() {
  const { id } = useParams();
  const userId = parseUserId(id);
  if (userId === null)
    return (
      <ProfileError message={PROFILE_TEXT.invalidId} detail={`"${id ?? ''}" is not a member's number.`} to="/users" />
    );
  return <Profile key={userId} userId={userId} />;
}

type Missing = 'unknown' | 'missing' | 'failed';

/** Whether a member the device does not hold exists, asked once the read-through brought nothing. */
function useMissing(userId: number, cached: boolean | undefined, freshness: FreshnessState): Missing {
  const [missing, setMissing] = useState<Missing>('unknown');
  useEffect(() => {
    if (cached !== false) return;
    if (freshness === 'failed') {
      setMissing('failed');
      return;
    }
    if (freshness !== 'fresh') return;
    let live = true;
    memberExists(userId).then(
      (exists) => {
        if (live && !exists) setMissing('missing');
      },
      () => {
        if (live) setMissing('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [userId, cached, freshness]);
  return missing;
}

function Profile({ userId }: { readonly userId: number }) {
  const me = useMemberId();
  // Who is looking decides the profile's controls (Edit Profile or Follow) and its tabs (one's own
  // Top 5 and journal): those show once that is known, never first as to a visitor. The rest of the
  // profile does not wait.
  const authSettled = isAuthSettled(useAuth());
  const freshness = useReadThrough({ user_ids: [userId] }, `user:${userId}`);
  const data = useLive((db) => loadProfile(db, userId, me), [userId, me]);
  const missing = useMissing(userId, data === undefined ? undefined : data !== null, freshness);
  const [modal, setModal] = useState<ProfileModalKind | 'edit' | 'export' | 'import' | null>(null);

  const username = data?.user.username;
  useEffect(() => {
    if (username) document.title = `${username} · Checkpoint`;
  }, [username]);

  if (!data) {
    if (missing === 'missing')
      return (
        <ProfileError message={PROFILE_TEXT.notFound} detail={`There is no member number ${userId}.`} to="/users" />
      );
    if (missing === 'failed') return <ProfileError message={PROFILE_TEXT.loadFailed} to="/" />;
    if (data === null && freshness === 'offline') {
      return (
        <ProfileError
          message="You're offline"
          detail="This profile isn't saved on this device yet. It will load when you're back online."
        />
      );
    }
    return <ProfileSkeleton />;
  }

  // (The device's answer may still be the one read before the member was known.)
  const settled = authSettled && data.viewer === me;
  const close = () => setModal(null);
  return (
    <main className="page profile-page">
      {(freshness === 'offline' || freshness === 'failed') && (
        <p className="profile-note" role="status">
          {freshness === 'offline'
            ? "You're offline: this profile is shown as last saved on this device."
            : "The server couldn't be reached: this profile is shown as last saved on this device."}
        </p>
      )}
      <ProfileHeader
        data={data}
        settled={settled}
        onOpen={setModal}
        onEdit={() => setModal('edit')}
        onExport={() => setModal('export')}
        onImport={() => setModal('import')}
      />
      <ProfileTabs data={data} me={me} settled={settled} />
      {(modal === 'followers' || modal === 'following') && (
        <FollowListModal userId={userId} username={data.user.username} kind={modal} me={me} onClose={close} />
      )}
      {modal === 'games' && <GamesModal userId={userId} username={data.user.username} onClose={close} />}
      {modal === 'reviews' && <ReviewsModal userId={userId} username={data.user.username} onClose={close} />}
      {modal === 'edit' && data.is_self && me !== null && (
        <Suspense
          fallback={
            <ProfileModal title="Edit Profile" onClose={close}>
              <div className="skeleton profile-edit-skeleton" aria-busy="true" />
            </ProfileModal>
          }
        >
          <EditSettingsModal user={data.user} memberId={me} onClose={close} />
        </Suspense>
      )}
      {modal === 'export' && data.is_self && me !== null && (
        <Suspense
          fallback={
            <ProfileModal title="Export my data" onClose={close}>
              <div className="skeleton profile-edit-skeleton" aria-busy="true" />
            </ProfileModal>
          }
        >
          <ExportDataModal memberId={me} onClose={close} />
        </Suspense>
      )}
      {modal === 'import' && data.is_self && me !== null && (
        <Suspense
          fallback={
            <ProfileModal title="Import" onClose={close}>
              <div className="skeleton profile-edit-skeleton" aria-busy="true" />
            </ProfileModal>
          }
        >
          <ImportDataModal memberId={me} onClose={close} />
        </Suspense>
      )}
    </main>
  );
}
