/** The spec's rating format: one decimal, except 10 which shows as '10'. */
export function formatRating(rating: number): string {
  return rating === 10 ? '10' : rating.toFixed(1);
}
