// Activity feed of a profile (spec 002 §2). In progress.
export function ActivityFeed({ userId }: { userId: number }) {
  return <section className="card" aria-label="Activity" data-user={userId}>Activity</section>;
}
