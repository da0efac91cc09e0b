// /faq: an accordion of 11 questions about Checkpoint, with a Contact Us link.
// Native <details> elements: keyboard and screen-reader support come with them.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import './help.css';

interface Question {
  readonly q: string;
  readonly a: string;
}

export const FAQ: readonly Question[] = [
  {
    q: 'Can I use Checkpoint offline?',
    a: 'Yes. Checkpoint keeps the games, reviews and profiles you have opened on your device, so you can browse them, search the catalogue and rate, review or track games without a connection. Pages you have never opened need a connection the first time.',
  },
  {
    q: 'How does syncing work?',
    a: 'Everything you do offline is saved on your device at once and queued. When you are back online, Checkpoint sends your changes in order and brings in what changed elsewhere. The badge in the header shows whether you are synced, syncing or have changes waiting; if the server refuses a change, you will see a message saying why.',
  },
  {
    q: 'How do ratings work?',
    a: 'You rate a game from 1 to 10 in half steps (7.5, for example). Ratings show with one decimal, except a perfect 10. A game page shows the members’ average next to your own rating.',
  },
  {
    q: 'Can I review the same game more than once?',
    a: 'No — you write one review per game. You can edit it at any time (the Update button lights up once you change something) or delete it and start again.',
  },
  {
    q: 'What is my Top 5?',
    a: 'Your Top 5 is the five games you would pick above all others, shown on your profile in the order you choose. You can add, remove and reorder them from your profile.',
  },
  {
    q: 'Who can see my reviews and profile?',
    a: 'Reviews, ratings, your profile, your Top 5 and who you follow are public, so other players can discover them. Your email address and password are never shown to anyone. Data saved on your device stays in your browser until you sign out.',
  },
  {
    q: 'Can I export my data?',
    a: 'Your reviews, ratings and lists are always visible on your profile. A one-click export is on our list; until it ships, contact us and we will send you a copy of your data.',
  },
  {
    q: 'How do I delete my account?',
    a: 'Open the account menu in the header (your avatar) and choose “Delete account”, then confirm. Your account is removed together with your reviews, comments, likes and lists, and the data saved on this device is cleared. This cannot be undone.',
  },
  {
    q: 'Can I install Checkpoint as an app?',
    a: 'Yes. In Chrome or Edge choose “Install app” from the address bar or menu; on iPhone and iPad, tap Share and then “Add to Home Screen”. The installed app opens in its own window and works offline.',
  },
  {
    q: 'How do I find a game or another player?',
    a: 'Type in the search box in the header: suggestions appear as you type, and Enter shows every result. Switch to the Users tab to find players, or open Browse Games to filter by platform, year and rating. Search also works offline over the catalogue saved on your device.',
  },
  {
    q: 'How does following work?',
    a: 'Open a player’s profile and choose Follow to keep up with their reviews and activity. You can unfollow at any time, and anyone can see follower and following counts on a profile.',
  },
];

export default function FaqPage() {
  usePageMeta({
    title: 'Frequently Asked Questions',
    description: 'Answers about using Checkpoint: offline use, syncing, ratings, reviews, Top 5, privacy and more.',
  });
  return (
    <main className="page help" aria-labelledby="faq-title">
      <header className="help__head">
        <h1 id="faq-title">Frequently Asked Questions</h1>
        <p className="help__lead">
          Everything you need to know about tracking, rating and sharing your games on Checkpoint.
        </p>
      </header>
      <div className="faq">
        {FAQ.map(({ q, a }) => (
          <details key={q} className="faq__item">
            <summary className="faq__question">
              <span>{q}</span>
              <svg
                className="faq__chevron"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="m6 9 6 6 6-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </summary>
            <p className="faq__answer">{a}</p>
          </details>
        ))}
      </div>
      <aside className="help__contact">
        <div>
          <h2>Still have questions?</h2>
          <p>We're happy to help with anything not covered here.</p>
        </div>
        <Link className="button button--primary" to="/contact">
          Contact Us
        </Link>
      </aside>
    </main>
  );
}
