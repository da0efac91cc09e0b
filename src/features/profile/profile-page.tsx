// /user/{id}: the member's header and stats, tabs Top 5, Top 10, Want to Play and Activity, and the
// followers, games, reviews and edit-settings modals. Everything shown comes from the device
// (loadProfile); read-through fetches the member's public rows and keeps them fresh. Offline, a
// cached profile is shown and says so; a non-numeric id, a member who does not exist and a failed
// first load each send the visitor on (to /users or /), saying why. One's own profile, until the
// whole library is on the device (sync/SPEC.md [S16]), says it is still downloading and shows no
// counts: partial ones would read as whole.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PROFILE_TEXT, parseUserId, profileTitle } from '../../core/profile.ts';
import { useLibraryState } from '../../data/library-state.ts';
import { useLive, useReadThrough, type FreshnessState } from '../../data/live.ts';
import { memberExists } from '../../data/profile-remote.ts';
import { loadTopFive } from '../../data/repos/lists.ts';
import { loadProfile } from '../../data/repos/profile.ts';
import { isAuthSettled, useAuth, useMemberId } from '../../ui/auth/auth-context.tsx';
import { FirstPaint, forgetFirstPaint, useFirstPaintHeld } from '../../ui/layout/first-paint.tsx';
import { useIdleLoad } from '../../ui/layout/idle-load.ts';
import { ProfileHeader, type ProfileModalKind } from './profile-header.tsx';
import { ProfileModal } from './profile-modal.tsx';
import { ProfileError, ProfileSkeleton } from './profile-states.tsx';
import { ProfileTabs } from './profile-tabs.tsx';
import './profile.css';

// The header's lists (followers, games, reviews) load their code when the page is idle, or when
// one is opened first (it opens once its code is in, a dialog that then shows its list, never a
// placeholder dialog swapped for another): a profile's first visit downloads and runs only what it shows.
const listCode = {
  follow: () => import('./follow-list-modal.tsx'),
  games: () => import('./games-modal.tsx'),
  reviews: () => import('./reviews-modal.tsx'),
};
const FollowListModal = lazy(() => listCode.follow().then((m) => ({ default: m.FollowListModal })));
const GamesModal = lazy(() => listCode.games().then((m) => ({ default: m.GamesModal })));
const ReviewsModal = lazy(() => listCode.reviews().then((m) => ({ default: m.ReviewsModal })));
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
  // A first visit's profile painted by the gateway (core/profile-first-paint.ts) stays on show
  // until this page can show the same: the member, who is looking, and the Top 5, read here so the
  // tab shows it from its first render instead of a placeholder between the two. Read once the
  // member is on the device: before, an empty list would only say the rows are not in yet.
  const held = useFirstPaintHeld();
  const topFive = useLive(
    async (db) => (held && (await db.users.get(userId)) ? loadTopFive(db, userId) : undefined),
    [held, userId],
  );
  const library = useLibraryState();
  const [modal, setModal] = useState<ProfileModalKind | 'edit' | 'export' | 'import' | null>(null);
  useIdleLoad(Object.values(listCode));

  const username = data?.user.username;
  useEffect(() => {
    if (username) document.title = profileTitle(username);
  }, [username]);

  // (The device's answer may still be the one read before the member was known.)
  const settled = authSettled && data?.viewer === me;
  const shown = data
    ? held
      ? settled && topFive !== undefined
      : true
    : missing !== 'unknown' || freshness === 'offline';
  useEffect(() => {
    if (shown) forgetFirstPaint();
  }, [shown]);

  if (!data || !shown) {
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
    return (
      <FirstPaint>
        <ProfileSkeleton />
      </FirstPaint>
    );
  }

  const close = () => setModal(null);
  // Who is looking must be known: a visitor's answer read before sign-in is no one's own.
  const downloading = settled && data.is_self && library === 'downloading';
  return (
    <main className="page profile-page">
      {(freshness === 'offline' || freshness === 'failed') && (
        <p className="profile-note" role="status">
          {freshness === 'offline'
            ? "You're offline: this profile is shown as last saved on this device."
            : "The server couldn't be reached: this profile is shown as last saved on this device."}
        </p>
      )}
      {downloading && (
        <p className="profile-note profile-note--library" role="status">
          Still downloading your library: counts will show once it is all on this device
          {freshness === 'offline' ? ", when you're back online." : '.'} The lists below show what has arrived so far.
        </p>
      )}
      <ProfileHeader
        data={data}
        settled={settled}
        partial={downloading}
        onOpen={setModal}
        onEdit={() => setModal('edit')}
        onExport={() => setModal('export')}
        onImport={() => setModal('import')}
      />
      <ProfileTabs data={data} me={me} settled={settled} topFive={topFive} />
      {(modal === 'followers' || modal === 'following') && (
        <Suspense fallback={null}>
          <FollowListModal userId={userId} username={data.user.username} kind={modal} me={me} onClose={close} />
        </Suspense>
      )}
      {modal === 'games' && (
        <Suspense fallback={null}>
          <GamesModal userId={userId} username={data.user.username} onClose={close} />
        </Suspense>
      )}
      {modal === 'reviews' && (
        <Suspense fallback={null}>
          <ReviewsModal userId={userId} username={data.user.username} onClose={close} />
        </Suspense>
      )}
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
