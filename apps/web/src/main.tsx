import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { AppRouter } from './app/app-router';
import { Providers } from './app/providers';
import './features/auth/setup';
import './styles/global.css';

// The CSP forbids eval (apps/server/src/app.ts); without this, zod probes `new Function` on its
// first object parse and the browser reports a CSP violation.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
