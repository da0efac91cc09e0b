// The Lighthouse baseline: the least a React page costs, built by the same Vite config
// (vite.config.ts in its 'baseline' mode: the same target, minifier and chunking, without the app's
// plugins) and served by the same gateway, so that our pages' TBT and LCP are read as what they add
// to it on the machine of the moment. React and react-dom render a heading and some text, as a
// first screen does; nothing else. Built by tests/bench/baseline.ts, never part of the app's build.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Baseline() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '1rem', maxWidth: '40rem', margin: '0 auto' }}>
      <h1>Track Your Games, Find the Next</h1>
      <p>Rate, review, and discover games through the power of social gaming.</p>
      <p>A minimal React page: the floor our pages are measured against, run for run.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <Baseline />
  </StrictMode>,
);
