// The iOS how-to: Safari has no install prompt, so the app says where the command is:
// Share, then Add to Home Screen. A small dialog with the steps and the Share glyph as Safari draws it.
import { useId, useRef } from 'react';
import { Modal } from '../../ui/modal/modal.tsx';
import './install.css';

export function IosInstallHelp({ onClose }: { readonly onClose: () => void }) {
  const ids = useId();
  const done = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      onClose={onClose}
      labelledBy={`${ids}-t`}
      describedBy={`${ids}-d`}
      initialFocus={done}
      backdropClassName="install-help__backdrop"
      className="install-help"
    >
      <img className="install-help__icon" src="/icon-192.png" alt="" width="56" height="56" />
      <h2 id={`${ids}-t`} className="install-help__title">
        Install Checkpoint
      </h2>
      <p id={`${ids}-d`} className="install-help__lead">
        Add Checkpoint to your Home Screen to open it like an app, full screen and offline.
      </p>
      <ol className="install-help__steps">
        <li>
          <span className="install-help__num" aria-hidden="true">
            1
          </span>
          <span>
            In Safari, tap <strong>Share</strong>{' '}
            <svg
              className="install-help__glyph"
              viewBox="0 0 20 20"
              width="18"
              height="18"
              role="img"
              aria-label="(the square with an arrow pointing up)"
            >
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M10 2.5v10M6.5 6 10 2.5 13.5 6M6 9H4.5v8.5h11V9H14"
              />
            </svg>
          </span>
        </li>
        <li>
          <span className="install-help__num" aria-hidden="true">
            2
          </span>
          <span>
            Scroll down and tap <strong>Add to Home Screen</strong>
          </span>
        </li>
        <li>
          <span className="install-help__num" aria-hidden="true">
            3
          </span>
          <span>
            Tap <strong>Add</strong>: Checkpoint appears on your Home Screen
          </span>
        </li>
      </ol>
      <div className="install-help__actions">
        <button ref={done} type="button" className="button button--primary" onClick={onClose}>
          Got it
        </button>
      </div>
    </Modal>
  );
}
