// The home page: hero, three feature cards, Explore Games and Join Community, and
// Recent Reviews — the 10 newest reviews with text held on the device (refreshed when online),
// 3 shown on mobile and 4 from 768 px up.
import { Link, useNavigate } from 'react-router-dom';
import { useRecentReviewsFeed } from '../../data/repos/home-feed.ts';
import { useAuth, useAuthUi, useMemberId } from '../../ui/auth/auth-context.tsx';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import { ReviewCardView } from '../../ui/review-card/review-card.tsx';
import { NOT_PHONE, useMediaQuery } from '../../ui/layout/media-query.ts';
import { HOME_HERO_TEXT } from '../../core/home-hero.ts';
import './home.css';

/** Recent reviews shown (the spec: show 3 on mobile, 4 on desktop). */
const SHOWN_MOBILE = 3;
const SHOWN_DESKTOP = 4;

const FEATURES = [
  { title: 'Precise Ratings', text: 'A 1-10 scale, a personal rating history, comparison with friends.', icon: 'star' },
  { title: 'Social Discovery', text: 'Follow gamers, build connections, find recommendations.', icon: 'people' },
  { title: 'Personal Stats', text: 'Wishlist, Collection, gaming insights, progress tracking.', icon: 'chart' },
] as const;

const ICONS: Record<(typeof FEATURES)[number]['icon'], string> = {
  star: 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z',
  people:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm7.5 0a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM1 20c0-3.9 3.6-7 8-7s8 3.1 8 7v1H1zm17.5 1v-1c0-2.3-.9-4.4-2.4-5.9 3.9.1 6.9 2.7 6.9 5.9v1z',
  chart: 'M3 21V3h2v16h16v2zm4-4V10h3v7zm5 0V6h3v11zm5 0v-5h3v5z',
};

/**
 * The hero. The page's shell shows the same markup before the app's code runs (core/home-hero.ts),
 * so it stays exactly what HOME_HERO_HTML is (home-hero.test.tsx).
 */
export function HomeHero({ onJoin }: { readonly onJoin: () => void }) {
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <p className="home-hero__eyebrow">{HOME_HERO_TEXT.eyebrow}</p>
      <h1 id="home-title" className="home-hero__title">
        {HOME_HERO_TEXT.title}
      </h1>
      <p className="home-hero__tagline">{HOME_HERO_TEXT.tagline}</p>
      <div className="home-hero__actions">
        <Link className="button button--primary home-hero__cta" to="/search">
          {HOME_HERO_TEXT.explore}
        </Link>
        <button type="button" className="button button--ghost home-hero__cta" onClick={onJoin}>
          {HOME_HERO_TEXT.join}
        </button>
      </div>
    </section>
  );
}

export function HomePage() {
  usePageMeta({
    description:
      'Track the games you play, rate them on a 1-10 scale, write reviews and discover what your friends are playing.',
  });
  const auth = useAuth();
  const authUi = useAuthUi();
  const navigate = useNavigate();
  const joinCommunity = () => {
    if (auth.status === 'signedIn') navigate('/users');
    else authUi.open('signup');
  };

  return (
    <main className="page home">
      <HomeHero onJoin={joinCommunity} />

      <section className="home-features" aria-label="What you can do">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="home-feature">
            <span className={`home-feature__icon home-feature__icon--${feature.icon}`} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
                <path fill="currentColor" d={ICONS[feature.icon]} />
              </svg>
            </span>
            <h2 className="home-feature__title">{feature.title}</h2>
            <p className="home-feature__text">{feature.text}</p>
          </article>
        ))}
      </section>

      <RecentReviews />
    </main>
  );
}

function RecentReviews() {
  const wide = useMediaQuery(NOT_PHONE);
  const shown = wide ? SHOWN_DESKTOP : SHOWN_MOBILE;
  const feed = useRecentReviewsFeed();
  const memberId = useMemberId();
  const reviews = feed.reviews ?? [];
  const loading = feed.reviews === undefined || (reviews.length === 0 && feed.refreshing);

  return (
    <section className="home-recent" aria-labelledby="home-recent-title" aria-busy={loading}>
      <div className="home-recent__head">
        <h2 id="home-recent-title">Recent Reviews</h2>
        <Link className="home-recent__all" to="/users">
          View All <span aria-hidden="true">→</span>
        </Link>
      </div>
      {feed.offline && reviews.length > 0 && (
        <p className="home-recent__note" role="status">
          You're offline — showing the reviews saved on this device.
        </p>
      )}
      {feed.error !== null && reviews.length > 0 && (
        <p className="home-recent__note" role="status">
          Couldn't refresh the recent reviews ({feed.error}) — showing the ones saved on this device.
        </p>
      )}
      {loading ? (
        <ul className="home-recent__grid" aria-label="Loading recent reviews">
          {Array.from({ length: shown }, (_, i) => (
            <li key={i} className="skeleton home-recent__skeleton" />
          ))}
        </ul>
      ) : reviews.length > 0 ? (
        <ul className="home-recent__grid">
          {reviews.slice(0, shown).map((review) => (
            <li key={review.id} className="home-recent__item">
              <ReviewCardView
                review={review}
                mode="compact"
                showGame
                isOwn={memberId !== null && review.user_id === memberId}
              />
            </li>
          ))}
        </ul>
      ) : feed.error !== null ? (
        <div className="home-recent__state home-recent__state--error" role="alert">
          <p className="home-recent__state-title">Failed to load recent reviews</p>
          <p className="home-recent__state-text">{feed.error}</p>
        </div>
      ) : feed.offline ? (
        <div className="home-recent__state">
          <p className="home-recent__state-title">No recent reviews yet</p>
          <p className="home-recent__state-text">
            You're offline. Recent reviews will appear here once you're back online.
          </p>
        </div>
      ) : (
        <div className="home-recent__state">
          <p className="home-recent__state-title">No recent reviews yet</p>
          <p className="home-recent__state-text">Be the first to share your gaming experience!</p>
        </div>
      )}
    </section>
  );
}
