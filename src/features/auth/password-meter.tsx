// The password meter: five segments, one per rule met, and the label by score.
import { passwordStrength } from '../../core/auth-rules.ts';

const SEGMENTS = [1, 2, 3, 4, 5] as const;

export function PasswordMeter({ password }: { readonly password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div className={`auth-meter auth-meter--${score}`}>
      <div
        className="auth-meter__bar"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {SEGMENTS.map((n) => (
          <span key={n} className={`auth-meter__segment${n <= score ? ' auth-meter__segment--on' : ''}`} />
        ))}
      </div>
      <p className="auth-meter__label">
        Password strength: <strong data-testid="password-strength">{label}</strong>
      </p>
    </div>
  );
}
