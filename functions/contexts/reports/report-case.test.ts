import { describe, expect, it } from 'vitest';
import { fromReportCaseItem, type ReportCaseRecord, toReportCaseItem, toReportCaseView } from './report-case';

const open: ReportCaseRecord = {
  caseId: 'k1',
  status: 'open',
  targetType: 'review',
  targetId: 'r1',
  offerId: 'f1',
  orderId: 'o1',
  content: '1/5 Buy followers',
  authorId: 's1',
  authorFirstName: 'Sam',
  authorLastName: 'S.',
  reports: {
    u2: { reporterId: 'u2', reporterFirstName: 'Ann', reporterLastName: 'Other', reason: 'spam', createdAt: '2026-11-21T09:00:00.000Z' },
    u1: { reporterId: 'u1', reporterFirstName: 'Eve', reporterLastName: 'Expert', reason: 'fraud', note: 'Fake.', createdAt: '2026-11-21T08:00:00.000Z' },
  },
  reportCount: 2,
  createdAt: '2026-11-21T08:00:00.000Z',
};

describe('a report case', () => {
  it('is stored under its id, listed by status from its first report, and read back as written', () => {
    const item = toReportCaseItem(open);
    expect(item).toMatchObject({ pk: 'REPORT#k1', sk: 'REPORT', gsi2pk: 'REPORTS#open', gsi2sk: '2026-11-21T08:00:00.000Z#k1' });
    expect(fromReportCaseItem(item)).toEqual(open);
    const resolved = { ...open, status: 'resolved' as const, resolvedAt: '2026-11-22T10:00:00.000Z' };
    expect(toReportCaseItem(resolved)).toMatchObject({ gsi2pk: 'REPORTS#resolved', gsi2sk: '2026-11-22T10:00:00.000Z#k1' });
  });

  it('shows the reports oldest first and never the review’s order, nor the admin’s id', () => {
    const view = toReportCaseView({
      ...open,
      status: 'resolved',
      resolvedAt: '2026-11-22T10:00:00.000Z',
      resolution: { action: 'hide', adminId: 'a1', adminEmail: 'admin@example.com' },
    });
    expect(view).toEqual({
      _id: 'k1',
      status: 'resolved',
      target: { type: 'review', _id: 'r1', offerId: 'f1' },
      content: '1/5 Buy followers',
      author: { _id: 's1', firstName: 'Sam', lastName: 'S.' },
      reports: [
        { reporter: { _id: 'u1', firstName: 'Eve', lastName: 'Expert' }, reason: 'fraud', note: 'Fake.', createdAt: '2026-11-21T08:00:00.000Z' },
        { reporter: { _id: 'u2', firstName: 'Ann', lastName: 'Other' }, reason: 'spam', createdAt: '2026-11-21T09:00:00.000Z' },
      ],
      reportCount: 2,
      createdAt: '2026-11-21T08:00:00.000Z',
      resolution: { action: 'hide', at: '2026-11-22T10:00:00.000Z', admin: 'admin@example.com' },
    });
  });
});
