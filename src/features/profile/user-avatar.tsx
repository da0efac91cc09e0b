// A member's avatar, or the first letter of their name on a tinted disc when there is none or it
// fails to load.
import { useState } from 'react';
import { initialOf } from '../../core/profile.ts';

export function UserAvatar({
  name,
  url,
  size,
}: {
  readonly name: string;
  readonly url: string | null | undefined;
  readonly size: number;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (!url || failed)
    return (
      <span className="user-avatar user-avatar--initial" style={style} aria-hidden="true">
        {initialOf(name)}
      </span>
    );
  return (
    <img
      className="user-avatar"
      src={url}
      alt=""
      width={size}
      height={size}
      style={style}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
