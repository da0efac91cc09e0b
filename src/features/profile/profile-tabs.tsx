// The profile's tabs: Top 5, Top 10, Want to Play (collection and wishlist), Activity, the play
// Journal and the Library (every game, filtered and sorted), as an ARIA tab list (arrow keys, Home
// and End move between tabs). The chosen tab is kept in the address (?tab=) so a reload or a shared
// link opens it again.
import { lazy, startTransition, Suspense, useEffect, useId, useOptimistic, useRef, type KeyboardEvent } from 'react';
import { PROFILE_TABS as TABS } from '../../core/profile.ts';
import type { TopFiveEntry } from '../../data/repos/lists.ts';
import type { ProfileData } from '../../data/repos/profile.ts';
import { LIBRARY_PARAMS } from '../../core/library/library-query.ts';
import { TopFiveSection } from './top5/top-five-section.tsx';
import { useAddressParams } from '../../ui/layout/address-params.ts';
import { useIdleLoad } from '../../ui/layout/idle-load.ts';

// Only the Top 5 comes with the profile: the other tabs' code (the Library's windowed list, the
// journal, the feed) loads when the page is idle, or at once when the tab is opened first, so a
// profile's first visit downloads and runs only what it shows.
const tabCode = {
  top10: () => import('./top10/top-ten-section.tsx'),
  want: () => import('./want-to-play.tsx'),
  activity: () => import('./activity/activity-feed.tsx'),
  journal: () => import('./profile-journal.tsx'),
  library: () => import('./library/library-tab.tsx'),
};
const TopTenSection = lazy(() => tabCode.top10().then((m) => ({ default: m.TopTenSection })));
const WantToPlay = lazy(() => tabCode.want().then((m) => ({ default: m.WantToPlay })));
const ActivityFeed = lazy(() => tabCode.activity().then((m) => ({ default: m.ActivityFeed })));
const ProfileJournal = lazy(() => tabCode.journal().then((m) => ({ default: m.ProfileJournal })));
const LibraryTab = lazy(() => tabCode.library().then((m) => ({ default: m.LibraryTab })));

type Tab = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/**
 * `settled`: whether who is looking is known; until then the panel waits (its owner's view differs).
 * `topFive`: the Top 5 as the profile already read it (for a first paint's hand-over), shown until
 * the tab's own read is in.
 */
export function ProfileTabs({
  data,
  me,
  settled,
  topFive,
}: {
  readonly data: ProfileData;
  readonly me: number | null;
  readonly settled: boolean;
  readonly topFive?: TopFiveEntry[];
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

  useIdleLoad(Object.values(tabCode));

  const userId = data.user.id;
  const pending = <div className="skeleton profile-tabs__pending" aria-busy="true" />;
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
        {!settled && pending}
        {settled && tab === 'top5' && <TopFiveSection userId={userId} isOwn={data.is_self} initial={topFive} />}
        {settled && tab !== 'top5' && (
          <Suspense fallback={pending}>
            {tab === 'top10' && <TopTenSection userId={userId} isOwn={data.is_self} />}
            {tab === 'want' && (
              <WantToPlay userId={userId} username={data.user.username} isSelf={data.is_self} me={me} />
            )}
            {tab === 'library' && <LibraryTab userId={userId} isOwn={data.is_self} username={data.user.username} />}
            {tab === 'activity' && <ActivityFeed userId={userId} />}
            {tab === 'journal' && <ProfileJournal userId={userId} isOwn={data.is_self} />}
          </Suspense>
        )}
      </div>
    </section>
  );
}
