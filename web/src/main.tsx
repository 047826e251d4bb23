import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createRouter, loadRoutesOf } from '@/app/router';
import { sessionSettled } from '@/lib/session';
import { ROUTE_DATA_ELEMENT_ID } from '@shared/prerendered-pages';
import '@/styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to mount the app in');

// The session's silent refresh starts as soon as the code has run.
void sessionSettled();

const prerendered = rootElement.dataset.prerendered !== undefined;
// A member's browser (the session hint, shared/first-paint-script.ts) kept the signed-out page hidden.
const resuming = document.documentElement.dataset.session === 'resuming';
delete document.documentElement.dataset.session;
const boot = document.getElementById('boot');
// A page rendered per request with its data (decision 297) holds its loader's answer: the router starts from it.
const routeData = document.getElementById(ROUTE_DATA_ELEMENT_ID);
routeData?.remove();

if (prerendered && !resuming) {
  // A page rendered at build time is on screen (decision 290): React takes it over once the page's
  // code is here, so that its first render is the page the HTML shows. Its loading screen is not needed.
  boot?.remove();
  void loadRoutesOf(location.pathname).then(() =>
    hydrateRoot(
      rootElement,
      <StrictMode>
        <App router={createRouter(routeData?.textContent ? JSON.parse(routeData.textContent) : undefined)} prerendered />
      </StrictMode>,
    ),
  );
} else {
  if (prerendered) {
    // The member's app starts from the loading screen, as on any page that is not prerendered, and
    // asks for its data as a member (the page's own is a visitor's).
    boot?.removeAttribute('id');
    rootElement.replaceChildren(...(boot ? [boot] : []));
    delete rootElement.dataset.prerendered;
  }
  // The router loads the matched route when created: its download starts beside the refresh.
  const router = createRouter();
  // React mounts in the next task: the task that started the downloads ends sooner (they leave
  // earlier) and no single task holds the main thread for both.
  setTimeout(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}
