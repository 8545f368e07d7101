/** The web floor: an empty Vite + React page, one heading. Whatever Popote's pages cost above it is theirs. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Popote</h1>
  </StrictMode>,
);
