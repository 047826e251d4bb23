/**
 * The public pages rendered at build time (issue 29, decision 290): each path, the file of
 * web/dist that holds its HTML, and the page's module (as web/src/app/router.tsx loads it, under
 * web/), whose stylesheets and code the page's HTML names so that it paints styled and hydrates
 * without waiting for the router to ask for them. The build writes them (scripts/prerender-pages.ts), the local
 * stack (scripts/local/static-files.ts) and CloudFront (its viewer-request function) serve each
 * path its file; every other path keeps index.html, the app's shell.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'pages/home.html', module: 'src/features/site/routes/home.tsx' },
  // Its shell: the page before its loader has run (decision 292).
  { path: '/experts', file: 'pages/experts.html', module: 'src/features/experts/routes/directory.tsx' },
  { path: '/login', file: 'pages/login.html', module: 'src/features/auth/routes/login.tsx' },
  { path: '/register', file: 'pages/register.html', module: 'src/features/auth/routes/register.tsx' },
  { path: '/forgot-password', file: 'pages/forgot-password.html', module: 'src/features/auth/routes/forgot-password.tsx' },
  { path: '/contact-us', file: 'pages/contact-us.html', module: 'src/features/site/routes/contact.tsx' },
  { path: '/faq-page', file: 'pages/faq-page.html', module: 'src/features/site/routes/faq.tsx' },
  { path: '/privacy', file: 'pages/privacy.html', module: 'src/features/site/routes/privacy.tsx' },
] as const;

/** The file that holds the prerendered page of a path (a trailing slash is the same page), if it has one. */
export function prerenderedFileOf(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PRERENDERED_PAGES.find((page) => page.path === path)?.file;
}

/**
 * The public page rendered per request (decision 297): an expert's profile, whose content is the
 * expert's own, so no build can hold it. The build writes its template (the page's head, stylesheets
 * and scripts, with slots for its title, #root and route data) under PAGE_TEMPLATES_DIR, not in
 * web/dist: it is the pages Lambda's, never a file of the site. CloudFront's `/teacher/*` behaviour
 * and the local stack send the path to the HTTP API's route of that Lambda.
 */
export const EXPERT_PAGE = {
  /** The HTTP API's route, the path itself (API Gateway syntax); greedy, so that any path under it is a page, if one of nothing. */
  routeKey: 'GET /teacher/{id+}',
  /** CloudFront's behaviour for it. */
  pathPattern: '/teacher/*',
  template: 'expert.html',
  module: 'src/features/experts/routes/profile.tsx',
} as const;

/** The folder, from the project's root, where the build writes the templates of the pages rendered per request. */
export const PAGE_TEMPLATES_DIR = 'web/dist-pages';

/** A template's slots, which the pages Lambda fills: the tab's title, the page's HTML in #root, and its route data. */
export const PAGE_SLOTS = { title: '<!--page-title-->', html: '<!--page-html-->', data: '<!--page-data-->' } as const;

/** The `<script type="application/json">` element that holds a rendered page's route data, which the browser's router starts from. */
export const ROUTE_DATA_ELEMENT_ID = 'route-data';

/**
 * How long CloudFront serves a rendered page before asking the pages Lambda again: a change (a new
 * review, a ban) reaches visitors within it, and a burst of visitors costs one rendering per page.
 */
export const RENDERED_PAGE_MAX_AGE_SECONDS = 10;

/** The loading screen of index.html's #root: what a page shows while the app starts in the browser. */
export const LOADING_SCREEN = '<div class="boot-screen" role="status"><span class="boot-spinner"></span><span>Loading…</span></div>';
