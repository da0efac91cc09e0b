// /contact: 'Contact page coming soon'.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import './help.css';

export default function ContactPage() {
  usePageMeta({ title: 'Contact', description: 'Get in touch with the Checkpoint team.' });
  return (
    <main className="page help help--narrow" aria-labelledby="contact-title">
      <div className="help__panel">
        <h1 id="contact-title">Contact</h1>
        <p className="help__lead">Contact page coming soon</p>
        <p className="help__muted">In the meantime, the FAQ answers the most common questions.</p>
        <Link className="button button--ghost" to="/faq">
          Read the FAQ
        </Link>
      </div>
    </main>
  );
}
