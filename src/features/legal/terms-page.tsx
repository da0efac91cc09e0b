// /terms: the Terms of Service (the text the signup form's terms link shows).
import { LegalPage } from './legal-page.tsx';
import { TERMS } from './legal-content.tsx';

export default function TermsPage() {
  return <LegalPage doc={TERMS} other={{ to: '/privacy', label: 'Privacy Policy' }} />;
}
