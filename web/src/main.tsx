import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { NotificationViewport } from './notifications/NotificationViewport';
import { createAppRouter } from './router';
import './styles/theme.css';
import './styles/controls.css';
import './styles/blocks.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Notifications sit above the router: a background send may report after its page is gone (D9).
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
    <NotificationViewport />
  </StrictMode>,
);
