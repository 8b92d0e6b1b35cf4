import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { useSession } from './app/session-store';
import { queryClient } from './lib/queries';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/feedback.css';
import './styles/components.css';
import './styles/page-parts.css';
import './styles/rich-text.css';
import './styles/phone.css';

// A stored token is checked once per page load; an unauthorized one ends the session.
void useSession.getState().checkOnStart();

// Pages load as chunks named by content hash: a tab opened before a release asks for chunks that are gone.
// Reloading fetches the current index.html and its chunks (Vite's documented recovery).
window.addEventListener('vite:preloadError', () => window.location.reload());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
