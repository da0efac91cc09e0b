// The profile's header: avatar or initial, username, bio, join month and year,
// location, website, platforms, the stats row (Games, Reviews, Following and Followers open their
// modals; Lists does not) and Edit Profile (own) or Follow (others).
import { displayName, joinedText, safeWebsite, splitPlatforms } from '../../core/profile.ts';
import type { ProfileData } from '../../data/repos/profile.ts';
import { FollowButton } from './follow-button.tsx';
import { ProfileIcon } from './profile-icons.tsx';
import { UserAvatar } from './user-avatar.tsx';

export type ProfileModalKind = 'games' | 'reviews' | 'following' | 'followers';

export interface ProfileHeaderProps {
  readonly data: ProfileData;
  /** Whether who is looking is known: until then the action's place is kept, empty. */
  readonly settled: boolean;
  /** One's own library is still on its way to the device: its counts would be partial, and are not shown. */
  readonly partial?: boolean;
  readonly onOpen: (modal: ProfileModalKind) => void;
  readonly onEdit: () => void;
  readonly onExport: () => void;
  readonly onImport: () => void;
}

export function ProfileHeader({
  data,
  settled,
  partial = false,
  onOpen,
  onEdit,
  onExport,
  onImport,
}: ProfileHeaderProps) {
  const { user, stats } = data;
  const name = displayName(user);
  const joined = joinedText(user.created_at);
  const website = safeWebsite(user.website);
  const platforms = splitPlatforms(user.platform);
  const items: Array<{ key: string; label: string; value: number; modal?: ProfileModalKind }> = [
    { key: 'games', label: 'Games', value: stats.games, modal: 'games' },
    { key: 'reviews', label: 'Reviews', value: stats.reviews, modal: 'reviews' },
    { key: 'lists', label: 'Lists', value: stats.lists },
    { key: 'following', label: 'Following', value: stats.following, modal: 'following' },
    { key: 'followers', label: 'Followers', value: stats.followers, modal: 'followers' },
  ];
  return (
    <header className="profile-header card">
      <div className="profile-header__identity">
        <UserAvatar name={user.username} url={user.avatar_url} size={112} />
        <div className="profile-header__names">
          <h1 className="profile-header__username">{user.username}</h1>
          {name !== user.username && <p className="profile-header__name">{name}</p>}
        </div>
        <div className={`profile-header__action${settled && data.is_self ? ' profile-header__action--own' : ''}`}>
          {!settled ? (
            <span className="profile-header__action-pending" aria-hidden="true" />
          ) : data.is_self ? (
            <>
              <button type="button" className="button button--ghost profile-header__edit" onClick={onEdit}>
                <ProfileIcon name="edit" /> Edit Profile
              </button>
              <button
                type="button"
                className="button button--ghost profile-header__export"
                onClick={onExport}
                aria-label="Export my data"
                title="Export my data"
              >
                <ProfileIcon name="download" />
                <span className="profile-header__export-label">Export</span>
              </button>
              <button
                type="button"
                className="button button--ghost profile-header__export"
                onClick={onImport}
                aria-label="Import"
                title="Import games from a file"
              >
                <ProfileIcon name="upload" />
                <span className="profile-header__export-label">Import</span>
              </button>
            </>
          ) : (
            <FollowButton userId={user.id} username={user.username} following={data.is_following} />
          )}
        </div>
      </div>
      {user.bio && <p className="profile-header__bio">{user.bio}</p>}
      <ul className="profile-header__meta" aria-label="About">
        {joined && (
          <li>
            <ProfileIcon name="calendar" /> {joined}
          </li>
        )}
        {user.location && (
          <li>
            <ProfileIcon name="pin" /> {user.location}
          </li>
        )}
        {website && (
          <li>
            <ProfileIcon name="link" />{' '}
            <a href={website.href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {website.label}
            </a>
          </li>
        )}
        {platforms.length > 0 && (
          <li className="profile-header__platforms">
            <ProfileIcon name="gamepad" />
            <span className="visually-hidden">Platforms:</span>
            {platforms.map((p) => (
              <span key={p} className="profile-chip">
                {p}
              </span>
            ))}
          </li>
        )}
      </ul>
      <ul className="profile-stats" aria-label="Stats" aria-busy={partial || undefined}>
        {items.map((item) => {
          // The visible text is the accessible name ("3 Reviews"): the space keeps the two words apart for a reader.
          const body = (
            <>
              {partial ? (
                <span className="profile-stats__value" title="Still downloading your library">
                  …<span className="visually-hidden"> still downloading</span>
                </span>
              ) : (
                <span className="profile-stats__value">{item.value}</span>
              )}{' '}
              <span className="profile-stats__label">{item.label}</span>
            </>
          );
          const { modal } = item;
          return (
            <li key={item.key} className="profile-stats__item" data-stat={item.key}>
              {modal ? (
                <button type="button" className="profile-stats__button" onClick={() => onOpen(modal)}>
                  {body}
                </button>
              ) : (
                <span className="profile-stats__static">{body}</span>
              )}
            </li>
          );
        })}
      </ul>
    </header>
  );
}
