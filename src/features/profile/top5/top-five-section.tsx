// Top 5 section of a profile (spec 002 §2). Full editor in progress.
export function TopFiveSection({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  return <section className="card" aria-label="Top 5" data-user={userId} data-own={isOwn}>Top 5</section>;
}
