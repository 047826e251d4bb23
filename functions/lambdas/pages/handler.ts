/**
 * The pages Lambda: an expert's profile as HTML, rendered with its data by the web app's own
 * components (decision 297), behind CloudFront's `/teacher/*` behaviour, which keeps each page a few
 * seconds. The browser paints it at once and hydrates it without asking the API again.
 */
import { EXPERT_PAGE } from '../../../shared/prerendered-pages';
import { MSG } from '../../../shared/texts';
import { renderPageWithData } from '../../../web/src/prerender';
import { expertPage } from '../../contexts/catalogue/expert-service';
import { createPageHandler } from '../../platform/pages';

export const handler = createPageHandler(EXPERT_PAGE.template, async ({ path, params }) => {
  const page = await expertPage(params.id ?? '');
  // What the page's loader answers for an id that is no listed expert.
  return { status: page ? 200 : 404, ...(await renderPageWithData(path, page ?? { problem: MSG.expertNotFound })) };
});
