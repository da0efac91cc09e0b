// Followers / Following of a member: each row links to the profile and, for everyone but the
// viewer, has a Follow button — except on one's own lists (the list's owner sees no buttons there).
// The filter box finds members by name or bio; a long list is windowed.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { displayName } from '../../core/profile.ts';
import { useLive } from '../../data/live.ts';
import { loadFollowList } from '../../data/repos/profile.ts';
import { FollowButton } from './follow-button.tsx';
import { countText, FilterBox } from './library/filter-box.tsx';
import { useTextFilter } from './library/use-text-filter.ts';
import { WindowedList } from './library/windowed-list.tsx';
import { ListSkeleton, ProfileModal } from './profile-modal.tsx';
import { UserAvatar } from './user-avatar.tsx';

export interface FollowListModalProps {
  readonly userId: number;
  readonly username: string;
  readonly kind: 'followers' | 'following';
  readonly me: number | null;
  readonly onClose: () => void;
}

export function FollowListModal({ userId, username, kind, me, onClose }: FollowListModalProps) {
  const entries = useLive((db) => loadFollowList(db, userId, kind, me), [userId, kind, me]);
  const isOwnList = me === userId;
  const title = kind === 'followers' ? 'Followers' : 'Following';
  const [text, setText] = useState('');
  const shown = useTextFilter(entries, ({ user }) => `${user.username} ${displayName(user)} ${user.bio ?? ''}`, text);
  return (
    <ProfileModal
      title={`${title}${entries ? ` (${entries.length})` : ''}`}
      onClose={onClose}
      toolbar={
        entries &&
        entries.length > 0 && (
          <FilterBox
            label="Filter members"
            value={text}
            onChange={setText}
            count={countText(shown?.length ?? 0, entries.length, ['member', 'members'])}
          />
        )
      }
    >
      {entries === undefined && <ListSkeleton />}
      {entries?.length === 0 && (
        <p className="profile-modal__empty">
          {kind === 'followers'
            ? `Nobody follows ${isOwnList ? 'you' : username} yet.`
            : `${isOwnList ? "You aren't" : `${username} isn't`} following anyone yet.`}
        </p>
      )}
      {entries && entries.length > 0 && shown?.length === 0 && (
        <p className="profile-modal__empty">No members match this search.</p>
      )}
      {shown && shown.length > 0 && (
        <WindowedList
          items={shown}
          itemKey={({ user }) => String(user.id)}
          estimate={68}
          scroller="parent"
          className="follow-list"
          label={title}
          itemClassName="follow-list__row"
          renderItem={({ user, i_follow }) => (
            <>
              <Link to={`/user/${user.id}`} className="follow-list__link" onClick={onClose}>
                <UserAvatar name={user.username} url={user.avatar_url} size={44} />
                <span className="follow-list__text">
                  <span className="follow-list__name">{user.username}</span>
                  {displayName(user) !== user.username && <span className="follow-list__sub">{displayName(user)}</span>}
                  {user.bio && <span className="follow-list__bio">{user.bio}</span>}
                </span>
              </Link>
              {!isOwnList && user.id !== me && (
                <FollowButton userId={user.id} username={user.username} following={i_follow} compact />
              )}
            </>
          )}
        />
      )}
    </ProfileModal>
  );
}
