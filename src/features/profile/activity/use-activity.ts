// The activity feed's state (use-member-feed.ts): the newest page from get_user_activity, pages
// further back on 'Load More Activity', and offline the items this device kept from last time.
import { appendPage, mayHaveMore, nextCursor, orderActivity, type ActivityItem } from '../../../core/activity.ts';
import { fetchActivity, saveActivity, savedActivity } from '../../../data/activity-remote.ts';
import { useMemberFeed, type FeedSource, type MemberFeed } from '../use-member-feed.ts';

export interface ActivityValue {
  readonly items: ActivityItem[];
  readonly more: boolean;
}

const activitySource: FeedSource<ActivityValue> = {
  async first(userId, signal) {
    const page = await fetchActivity(userId, null, signal);
    return { items: orderActivity(page), more: mayHaveMore(page) };
  },
  async next(userId, shown) {
    const page = await fetchActivity(userId, nextCursor(shown.items));
    return (latest) => ({ items: appendPage(latest.items, page), more: page.length > 0 && mayHaveMore(page) });
  },
  saved: savedActivity,
  save: (userId, value) => saveActivity(userId, value.items, value.more),
};

export function useActivity(userId: number): MemberFeed<ActivityValue> {
  return useMemberFeed(activitySource, userId);
}
