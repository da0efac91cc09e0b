// /privacy: the Privacy Policy (the text the signup form's terms link shows).
import { LegalPage } from './legal-page.tsx';
import { PRIVACY } from './legal-content.tsx';

export default function PrivacyPage() {
  return <LegalPage doc={PRIVACY} other={{ to: '/terms', label: 'Terms of Service' }} />;
}
