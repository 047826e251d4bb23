/** Reporting content: the chat, the offer page and the expert's profile all offer it. */
import type { BodyInputOf } from '@shared/routes';
import { api } from '@/lib/api-client';

export type ReportRequest = BodyInputOf<'POST /api/reports'>;

/** POST /reports: a member reports a message, a review or an offer, with a reason and an optional note. */
export const sendReport = (body: ReportRequest) => api.call('POST /api/reports', { body });
