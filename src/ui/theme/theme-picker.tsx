// System / Light / Dark, as a row of radio buttons (the footer: every visitor, signed in or not).
import { useId } from 'react';
import { THEME_CHOICES, THEME_LABELS } from '../../core/theme.ts';
import { setThemeChoice, useThemeChoice } from './theme-choice.ts';
import './theme.css';

export function ThemePicker() {
  const choice = useThemeChoice();
  const name = useId();
  return (
    <div className="theme-picker" role="radiogroup" aria-labelledby={`${name}-label`}>
      <span id={`${name}-label`} className="theme-picker__legend">
        Theme
      </span>
      {THEME_CHOICES.map((option) => (
        <label key={option} className="theme-picker__option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={choice === option}
            onChange={() => setThemeChoice(option)}
          />
          <span>{THEME_LABELS[option]}</span>
        </label>
      ))}
    </div>
  );
}
