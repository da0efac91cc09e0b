// One member in the directory: avatar, names, bio, followers, reviews, average rating (one
// decimal), join month and the Follow button. The whole card opens the profile; the button
// sits above that link so it stays its own control.
import { Link } from 'react-router-dom';
import { averageRatingText, displayName, initialOf, joinedText } from '../../core/directory.ts';

export function Avatar({
  name,
  url,
  size,
}: {
  readonly name: string;
  readonly url: string | null;
  readonly size: number;
}) {
  return url ? (
    <img className="directory-avatar" src={url} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      className="directory-avatar directory-avatar--initial"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {initialOf(name)}
    </span>
  );
}

export type FollowControl =
  /** A visitor: "Visitors see a disabled 'Login' button". */
  | { readonly kind: 'visitor' }
  | { readonly kind: 'member'; readonly following: boolean; readonly busy: boolean; readonly onToggle: () => void };

export function FollowButton({ control, username }: { readonly control: FollowControl; readonly username: string }) {
  if (control.kind === 'visitor') {
    return (
      <button
        type="button"
        className="button directory-follow directory-follow--login"
        disabled
        title="You must be logged in to follow users"
      >
        Login
      </button>
    );
  }
  const { following, busy, onToggle } = control;
  return (
    <button
      type="button"
      className={`button directory-follow${following ? ' directory-follow--on' : ' button--primary'}`}
      aria-pressed={following}
      aria-busy={busy}
      disabled={busy}
      onClick={onToggle}
      aria-label={`${following ? 'Following' : 'Follow'} ${username}`}
    >
      {busy ? (
        <span className="directory-spinner" aria-hidden="true" />
      ) : (
        following && <span aria-hidden="true">✓</span>
      )}
      <span className="directory-follow__label" data-hover={following ? 'Unfollow' : undefined}>
        {following ? 'Following' : 'Follow'}
      </span>
    </button>
  );
}

export interface CardUser {
  readonly id: number;
  readonly username: string;
  readonly name: string | null;
  readonly display_name?: string | null;
  readonly bio: string | null;
  readonly avatar_url: string | null;
  readonly created_at?: string | null;
}

/** Counts are absent for members found on this device only (offline search). */
export interface CardCounts {
  readonly followers: number;
  readonly reviews: number | null;
  readonly average: number | null;
}

interface UserCardProps {
  readonly user: CardUser;
  readonly counts: CardCounts | null;
  readonly follow: FollowControl | null;
  readonly onOpen?: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function UserCard({ user, counts, follow, onOpen }: UserCardProps) {
  const name = displayName(user);
  const joined = joinedText(user.created_at ?? null);
  return (
    <li className="directory-card">
      <div className="directory-card__head">
        <Avatar name={name} url={user.avatar_url} size={52} />
        <div className="directory-card__names">
          <Link className="directory-card__link" to={`/user/${user.id}`} onClick={onOpen}>
            {name}
          </Link>
          {name !== user.username && <span className="directory-card__handle">@{user.username}</span>}
        </div>
        {follow && <FollowButton control={follow} username={user.username} />}
      </div>
      <p className={`directory-card__bio${user.bio ? '' : ' directory-card__bio--empty'}`}>
        {user.bio || 'No bio yet.'}
      </p>
      {counts && (
        <dl className="directory-card__stats">
          <div>
            <dt className="visually-hidden">Followers</dt>
            <dd>{plural(counts.followers, 'follower', 'followers')}</dd>
          </div>
          <div>
            <dt className="visually-hidden">Reviews</dt>
            <dd>{counts.reviews === null ? '— reviews' : plural(counts.reviews, 'review', 'reviews')}</dd>
          </div>
          <div className="directory-card__avg">
            <dt className="visually-hidden">Average rating</dt>
            <dd title="Average rating">
              <span aria-hidden="true">★ </span>
              {averageRatingText(counts.average)}
              {counts.average !== null && <span className="directory-card__avg-note"> avg</span>}
            </dd>
          </div>
        </dl>
      )}
      {joined && <p className="directory-card__joined">{joined}</p>}
    </li>
  );
}
