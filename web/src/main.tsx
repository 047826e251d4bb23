import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createRouter } from '@/app/router';
import { sessionSettled } from '@/lib/session';
import '@/styles/global.css';

// Both start as soon as the code has run, side by side: the session's silent refresh and (the
// router loads the matched route when created) the download of the opened page's code.
void sessionSettled();
const router = createRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to mount the app in');

// React mounts in the next task: the task that started the downloads ends sooner (they leave
// earlier) and no single task holds the main thread for both.
setTimeout(() =>
  createRoot(rootElement).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
