import { useEffect, useState } from 'react';
import { recentReviews, type RecentReview } from '../../data/backend.ts';
import { formatRating } from '../../core/format.ts';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; reviews: RecentReview[] };

const FEATURES = [
  { title: 'Precise Ratings', text: 'A 1-10 scale, a personal rating history, comparison with friends.' },
  { title: 'Social Discovery', text: 'Follow gamers, build connections, find recommendations.' },
  { title: 'Personal Stats', text: 'Wishlist, Collection, gaming insights, progress tracking.' },
];

export function HomePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    recentReviews(4).then(
      (reviews) => live && setState({ kind: 'ready', reviews }),
      (error: unknown) => live && setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <main className="page">
      <section className="hero">
        <h1>Track Your Games, Find the Next</h1>
        <p className="tagline">Rate, review, and discover games through the power of social gaming.</p>
      </section>
      <section className="features">
        {FEATURES.map((f) => (
          <article key={f.title} className="card">
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </article>
        ))}
      </section>
      <section className="recent">
        <h2>Recent Reviews</h2>
        {state.kind === 'loading' && <div className="skeletons">{[0, 1, 2, 3].map((i) => <div key={i} className="skeleton" />)}</div>}
        {state.kind === 'error' && <p className="error">Failed to load recent reviews: {state.message}</p>}
        {state.kind === 'ready' && state.reviews.length === 0 && (
          <p className="empty">No recent reviews yet<br />Be the first to share your gaming experience!</p>
        )}
        {state.kind === 'ready' && state.reviews.length > 0 && (
          <ul className="reviews">
            {state.reviews.map((r) => (
              <li key={r.id} className="card">
                <strong>{r.game.name}</strong> <span className="rating">{formatRating(r.rating)}/10</span>
                <p>{r.review.length > 120 ? `${r.review.slice(0, 120)}...` : r.review}</p>
                <small>{r.author.username}</small>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
