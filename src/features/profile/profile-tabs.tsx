// The profile's tabs (spec 002 §2): Top 5, Top 10, Want to Play (collection and wishlist),
// Activity, the play Journal (issue 14) and the Library (issue 18: every game, filtered and sorted), as an ARIA tab list (arrow keys, Home and End move between tabs). The chosen tab is
// kept in the address (?tab=) so a reload or a shared link opens it again.
import { startTransition, useEffect, useId, useOptimistic, useRef, type KeyboardEvent } from 'react';
import type { ProfileData } from '../../data/repos/profile.ts';
import { LIBRARY_PARAMS } from '../../core/library/library-query.ts';
import { ProfileJournal } from '../journal/profile-journal.tsx';
import { ActivityFeed } from './activity/activity-feed.tsx';
import { LibraryTab } from './library/library-tab.tsx';
import { TopTenSection } from './top10/top-ten-section.tsx';
import { TopFiveSection } from './top5/top-five-section.tsx';
import { useAddressParams } from '../layout/address-params.ts';
import { WantToPlay } from './want-to-play.tsx';

const TABS = [
  { value: 'top5', label: 'Top 5' },
  { value: 'top10', label: 'Top 10' },
  { value: 'want', label: 'Want to Play' },
  { value: 'activity', label: 'Activity' },
  { value: 'journal', label: 'Journal' },
  { value: 'library', label: 'Library' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/** `settled`: whether who is looking is known; until then the panel waits (its owner's view differs). */
export function ProfileTabs({
  data,
  me,
  settled,
}: {
  readonly data: ProfileData;
  readonly me: number | null;
  readonly settled: boolean;
}) {
  const [params, write] = useAddressParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'top5';
  const base = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  // On a narrow screen the list scrolls sideways: the chosen tab (say, a shared ?tab=journal link)
  // is brought into view without moving the page.
  useEffect(() => {
    const button = buttons.current[TABS.findIndex((t) => t.value === tab)];
    const list = button?.parentElement;
    if (!button || !list) return;
    const [b, l] = [button.getBoundingClientRect(), list.getBoundingClientRect()];
    if (b.left < l.left || b.right > l.right) list.scrollLeft += b.left - l.left - (l.width - b.width) / 2;
  }, [tab]);

  // The tab chosen shows as chosen at once; its panel follows when the address has rendered (the
  // router's transition), which on a slow phone is a moment later.
  const [shownTab, showTab] = useOptimistic(tab);
  const choose = (next: Tab) =>
    startTransition(() => {
      showTab(next);
      write(
        (prev) => {
          const out = new URLSearchParams(prev);
          // A tab's filter and sort belong to that tab: another tab opens unfiltered.
          if (next !== tab) for (const name of LIBRARY_PARAMS) out.delete(name);
          if (next === 'top5') out.delete('tab');
          else out.set('tab', next);
          return out;
        },
        { replace: true, preventScrollReset: true },
      );
    });
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[target];
    if (!next) return;
    choose(next.value);
    buttons.current[target]?.focus();
  };

  const userId = data.user.id;
  return (
    <section className="profile-tabs">
      <div className="profile-tabs__list" role="tablist" aria-label="Profile sections">
        {TABS.map((t, i) => (
          <button
            key={t.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.value}`}
            aria-selected={shownTab === t.value}
            aria-controls={`${base}-${t.value}-panel`}
            tabIndex={shownTab === t.value ? 0 : -1}
            className="profile-tabs__tab"
            onClick={() => choose(t.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="profile-tabs__panel"
        role="tabpanel"
        id={`${base}-${tab}-panel`}
        aria-labelledby={`${base}-${tab}`}
      >
        {!settled && <div className="skeleton profile-tabs__pending" aria-busy="true" />}
        {settled && tab === 'top5' && <TopFiveSection userId={userId} isOwn={data.is_self} />}
        {settled && tab === 'top10' && <TopTenSection userId={userId} isOwn={data.is_self} />}
        {settled && tab === 'want' && (
          <WantToPlay userId={userId} username={data.user.username} isSelf={data.is_self} me={me} />
        )}
        {settled && tab === 'library' && (
          <LibraryTab userId={userId} isOwn={data.is_self} username={data.user.username} />
        )}
        {settled && tab === 'activity' && <ActivityFeed userId={userId} />}
        {settled && tab === 'journal' && <ProfileJournal userId={userId} isOwn={data.is_self} />}
      </div>
    </section>
  );
}
