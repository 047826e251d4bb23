import { useCallback, useEffect, useState } from 'react';
import { DATA_EXPORTS } from '@shared/limits';
import type { DataExportStatus } from '@shared/schemas/account-data';
import { MSG } from '@shared/web-texts';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { realtime } from '@/lib/realtime';
import { exportStatus, requestExport } from '@/features/profile/api/profile';

/** A signed address works 15 minutes: a fresh one is asked for this long before it ends. */
const REFRESH_BEFORE_EXPIRY_MS = 60_000;

/**
 * The member's data export (decisions 200 to 202): asked for here, built by a job. While it builds
 * the section asks again every few seconds (the realtime push usually tells it first); once ready
 * it links to the file through a short-lived address, renewed while the page stays open; a failed
 * build can be asked for again. Where it stands is announced (a polite live region).
 */
export function DataExport() {
  const [latest, setLatest] = useState<DataExportStatus>();
  /** The latest look failed (cleared by the next that succeeds). */
  const [loadProblem, setLoadProblem] = useState<string>();
  /** Asking was refused (the daily limit): stays until the member asks again, whatever the looks meanwhile. */
  const [refusal, setRefusal] = useState<string>();
  const [asking, setAsking] = useState(false);

  const load = useCallback(async () => {
    try {
      setLatest(await exportStatus());
      setLoadProblem(undefined);
    } catch (error) {
      setLoadProblem(errorText(error) || MSG.exportFailed);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(
    () =>
      realtime.subscribe((notice) => {
        if (notice.type === 'dataExportChanged') void load();
      }),
    [load],
  );
  const status = latest?.status;
  const problem = refusal ?? loadProblem;
  // Each answer while building sets the next look, so looks never overlap.
  useEffect(() => {
    if (latest?.status !== 'building') return;
    const timer = setTimeout(() => void load(), DATA_EXPORTS.pollSeconds * 1000);
    return () => clearTimeout(timer);
  }, [latest, load]);
  const expiresAt = latest?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(() => void load(), Math.max(0, Date.parse(expiresAt) - Date.now() - REFRESH_BEFORE_EXPIRY_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, load]);

  async function ask() {
    setAsking(true);
    setRefusal(undefined);
    try {
      setLatest(await requestExport());
    } catch (error) {
      setRefusal(errorText(error) || MSG.exportFailed);
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="data-export">
      <p role="status" aria-live="polite" className={status === 'failed' ? 'notice notice-error' : undefined}>
        {status === 'building' || status === 'failed' ? latest?.msg : status === 'ready' ? MSG.exportReady : ''}
        {status === 'ready' && latest?.createdAt && ` Prepared ${formatDateTime(latest.createdAt)}.`}
      </p>
      {status === 'ready' && latest?.url && (
        <a className="btn btn-primary" href={latest.url}>
          Download my data
        </a>
      )}
      {(latest || problem) && status !== 'building' && (
        <button type="button" className="btn btn-secondary" onClick={ask} disabled={asking}>
          {status === 'failed' ? 'Try again' : status === 'ready' ? 'Prepare a new copy' : 'Prepare my data'}
        </button>
      )}
      <FormFailure text={problem} />
    </div>
  );
}
