// The footer: the games-metadata credit, the copyright line, and the help and legal pages;
// and the theme choice (System / Light / Dark), there for every visitor, signed in or not.
import { Link } from 'react-router-dom';
import { BrandMark } from '../ui/brand/brand-mark.tsx';
import { ThemePicker } from '../ui/theme/theme-picker.tsx';

const LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

export function SiteFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link className="footer__logo" to="/">
            <BrandMark size={24} />
            <span>Checkpoint</span>
          </Link>
          <p className="footer__credit">
            Game data provided by{' '}
            <a href="https://www.igdb.com" target="_blank" rel="noopener noreferrer">
              IGDB.com
            </a>
          </p>
        </div>
        <nav className="footer__nav" aria-label="Help and legal">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer__theme">
          <ThemePicker />
        </div>
        <p className="footer__copyright">© {new Date().getFullYear()} Checkpoint. All rights reserved.</p>
      </div>
    </footer>
  );
}
