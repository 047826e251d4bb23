import { useCallback, useEffect, useId, useState } from 'react';
import { formatEuros } from '@shared/money';
import type { ResponseOf } from '@shared/schemas/responses';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { TableScroll } from '@/components/table-scroll';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { getReconciliation, runReconciliation } from '@/features/admin/api/payments';

type Reconciliation = ResponseOf<'GET /api/admin/reconciliation'>;

/**
 * The ledger against Stripe (docs/payouts.md "Reconciliation"): the last check's differences, by
 * account, and a check run now on demand.
 */
export function ReconciliationPanel() {
  const [state, setState] = useState<{ data?: Reconciliation; problem?: string; loading: boolean }>({ loading: true });
  const [checking, setChecking] = useState(false);
  const titleId = useId();
  const captionId = useId();

  const load = useCallback(() => {
    setState((before) => ({ ...before, loading: true }));
    getReconciliation().then(
      (data) => setState({ data, loading: false }),
      () => setState({ problem: MSG.reconciliationLoadFailed, loading: false }),
    );
  }, []);
  useEffect(load, [load]);

  async function checkNow() {
    setChecking(true);
    try {
      setState({ data: await runReconciliation(), loading: false });
    } catch (error) {
      notify.error(errorText(error, MSG.reconciliationCheckFailed));
    } finally {
      setChecking(false);
    }
  }

  const { data } = state;
  return (
    <section aria-labelledby={titleId} className="admin-reconciliation" aria-busy={state.loading || checking}>
      <h2 id={titleId}>Reconciliation</h2>
      {!data && state.loading && <p role="status">{MSG.loading}</p>}
      {!data && state.problem && <LoadProblem problem={state.problem} onRetry={load} />}
      {data && (
        <p role="status">
          {data.checkedAt
            ? `Last checked ${formatDateTime(data.checkedAt)}: ${data.entriesChecked} ledger entries compared with Stripe, ${
                data.differences.length === 0
                  ? 'no differences.'
                  : `${data.differences.length} ${data.differences.length === 1 ? 'difference' : 'differences'}.`
              }`
            : 'Not checked yet.'}
        </p>
      )}
      {data && data.differences.length > 0 && (
        <TableScroll labelledBy={captionId}>
          <table className="data-table admin-table">
            <caption id={captionId}>Differences between the ledger and Stripe</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Ledger</th>
                <th scope="col">Stripe</th>
                <th scope="col">Difference</th>
              </tr>
            </thead>
            <tbody>
              {data.differences.map((row) => (
                <tr key={row.account}>
                  <th scope="row">
                    <code>{row.account}</code>
                  </th>
                  <td>{formatEuros(row.ledger)}</td>
                  <td>{formatEuros(row.provider)}</td>
                  <td>{formatEuros(row.difference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <button type="button" className="btn btn-secondary" disabled={checking} onClick={() => void checkNow()}>
        {checking ? 'Checking…' : 'Check now'}
      </button>
    </section>
  );
}
