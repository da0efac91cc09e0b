// What other features use of legal: the terms and privacy dialog, whose code (the texts) loads
// only when it opens.
import { lazy } from 'react';

export const LegalModal = lazy(() => import('./legal-modal.tsx'));
