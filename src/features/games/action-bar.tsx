// The game page's action bar: a row of buttons on wider screens; below 768 px five round icons that
// open a bottom sheet with the same actions and Cancel. Which buttons are open follows the status
// rules (core/game-page.ts statusButtons).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LIST_BLOCKED_MESSAGE, statusButtons, type MyStatus } from '../../core/game-page.ts';
import { BottomSheet } from './bottom-sheet.tsx';
import type { GameActions } from './use-game-actions.ts';

export interface ActionBarProps {
  readonly igdbId: number;
  /** Null for a guest: every action asks them to sign in first. */
  readonly status: MyStatus | null;
  readonly signedIn: boolean;
  readonly actions: GameActions;
}

interface Item {
  readonly key: 'review' | 'finished' | 'started' | 'collection' | 'wishlist';
  readonly label: string;
  readonly disabled: boolean;
  readonly active: boolean;
  readonly icon: ReactNode;
  readonly run: () => void;
  readonly title?: string;
}

export function ActionBar({ igdbId, status, signedIn, actions }: ActionBarProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const s = status ?? { started: false, completed: false, inWishlist: false, inCollection: false, reviewed: false };
  const b = statusButtons(s);
  const blockedTitle = b.listsBlocked ? LIST_BLOCKED_MESSAGE : undefined;
  const items: Item[] = [
    {
      key: 'review',
      label: b.review.label,
      disabled: false,
      active: s.reviewed,
      icon: <PenIcon />,
      run: actions.writeReview,
    },
    {
      key: 'finished',
      label: b.finished.label,
      disabled: b.finished.disabled,
      active: s.completed,
      icon: <FlagIcon />,
      run: actions.markFinished,
    },
    {
      key: 'started',
      label: b.started.label,
      disabled: b.started.disabled,
      active: s.started || s.completed,
      icon: <PlayIcon />,
      run: actions.markStarted,
    },
    {
      key: 'collection',
      label: b.collection.label,
      disabled: b.collection.disabled,
      active: s.inCollection,
      icon: <BoxIcon />,
      run: () => actions.collection(b.collection.action),
      ...(blockedTitle ? { title: blockedTitle } : {}),
    },
    {
      key: 'wishlist',
      label: b.wishlist.label,
      disabled: b.wishlist.disabled,
      active: s.inWishlist,
      icon: <HeartIcon />,
      run: () => actions.wishlist(!s.inWishlist),
      ...(blockedTitle ? { title: blockedTitle } : s.inCollection ? { title: 'Already in your collection' } : {}),
    },
  ];
  // Desktop order: review first, then the status steps in the order a player goes through them.
  const desktop = [items[0], items[2], items[1], items[3], items[4]].filter((i): i is Item => i !== undefined);

  return (
    <section className="action-bar" aria-label="Game actions">
      <div className="action-bar__row">
        {desktop.map((item) =>
          item.key === 'review' && signedIn ? (
            <Link key={item.key} to={`/review/${igdbId}`} className="button button--primary action-bar__button">
              {item.icon}
              {item.label}
            </Link>
          ) : (
            <button
              key={item.key}
              type="button"
              onClick={item.run}
              disabled={item.disabled}
              title={item.title}
              className={`button ${item.key === 'review' ? 'button--primary' : 'button--ghost'} action-bar__button${item.active ? ' action-bar__button--active' : ''}`}
              aria-pressed={item.key === 'wishlist' || item.key === 'collection' ? item.active : undefined}
            >
              {item.icon}
              {item.label}
            </button>
          ),
        )}
      </div>
      <div className="action-bar__icons">
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            className={`action-bar__icon${item.active ? ' action-bar__icon--active' : ''}`}
            aria-label={item.label}
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
          >
            {item.icon}
          </button>
        ))}
      </div>
      {b.listsBlocked && signedIn && <p className="action-bar__note">{LIST_BLOCKED_MESSAGE}</p>}
      {sheetOpen && (
        <BottomSheet title="Game actions" onClose={() => setSheetOpen(false)}>
          {(close) => (
            <ul className="action-sheet">
              {items.map((item) => (
                <li key={item.key}>
                  <button
                    type="button"
                    className={`action-sheet__item${item.active ? ' action-sheet__item--active' : ''}`}
                    disabled={item.disabled}
                    onClick={() => {
                      close();
                      item.run();
                    }}
                  >
                    <span className="action-sheet__icon">{item.icon}</span>
                    <span>{item.label}</span>
                    {item.disabled && item.title && (
                      <small className="action-sheet__why">
                        {item.key === 'wishlist' && !b.listsBlocked
                          ? item.title
                          : 'Started or finished games stay off your lists'}
                      </small>
                    )}
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className="action-sheet__item action-sheet__cancel" onClick={close}>
                  Cancel
                </button>
              </li>
            </ul>
          )}
        </BottomSheet>
      )}
    </section>
  );
}

const Svg = ({ children }: { readonly children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);
const PenIcon = () => (
  <Svg>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Svg>
);
const FlagIcon = () => (
  <Svg>
    <path d="M4 22V4" />
    <path d="M4 4h13l-2 4 2 4H4" />
  </Svg>
);
const PlayIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8 6 4-6 4z" />
  </Svg>
);
const BoxIcon = () => (
  <Svg>
    <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
    <path d="m3 8 9 5 9-5" />
    <path d="M12 13v8" />
  </Svg>
);
const HeartIcon = () => (
  <Svg>
    <path d="M12 20s-7-4.4-9-8.6C1.6 8.3 3.5 5 6.7 5c1.9 0 3.3 1 4 2.2h2.6C14 6 15.4 5 17.3 5c3.2 0 5.1 3.3 3.7 6.4-2 4.2-9 8.6-9 8.6z" />
  </Svg>
);
