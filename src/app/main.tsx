import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomePage } from '../features/home/home-page.tsx';
import './theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <header className="topbar"><a className="brand" href="/">Checkpoint</a></header>
    <HomePage />
    <footer className="footer">Game data provided by IGDB.com · © Checkpoint</footer>
  </StrictMode>,
);

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/sw.js', { type: 'module' });
}
