// Top 10 section of a profile (spec 002 §2). In progress.
export function TopTenSection({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  return <section className="card" aria-label="Top 10" data-user={userId} data-own={isOwn}>Top 10</section>;
}
