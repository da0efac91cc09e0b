// The theme choice inside the account menu: three menuitemradio items under a 'Theme' heading. The
// menu stays open on a pick, so the member sees the page change and can pick again.
import { useId } from 'react';
import { THEME_CHOICES, THEME_LABELS } from '../../core/theme.ts';
import { setThemeChoice, useThemeChoice } from './theme-choice.ts';
import './theme.css';

export function ThemeMenuItems() {
  const choice = useThemeChoice();
  const heading = useId();
  return (
    <div role="group" aria-labelledby={heading} className="theme-menu">
      <span id={heading} className="theme-menu__heading" role="presentation">
        Theme
      </span>
      {THEME_CHOICES.map((option) => (
        <button
          key={option}
          type="button"
          role="menuitemradio"
          aria-checked={choice === option}
          tabIndex={-1}
          className="account__item theme-menu__item"
          onClick={() => setThemeChoice(option)}
        >
          <span className="theme-menu__check" aria-hidden="true">
            {choice === option ? '✓' : ''}
          </span>
          {THEME_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
