/**
 * `npm run reconcile`: runs reconciliation now (docs/payouts.md) and prints its result, which the
 * admin's `GET /api/admin/reconciliation` then shows too. Against the running `npm start` (its table
 * and its local Stripe, or Stripe's test mode with STRIPE_SECRET_KEY set), or, with TABLE_NAME set,
 * against a deployed stage: AWS credentials, AWS_REGION, STAGE and STRIPE_SECRET_KEY_ARN (the Api
 * stack's output) as the orders Lambda has them. Exits 1 when a balance differs.
 */
import { enterOperatorEnvironment } from './operator-environment';

enterOperatorEnvironment();

// Imported only now: the modules read their configuration from the environment.
const { reconcile } = await import('../functions/contexts/payments/reconciliation-service');
const result = await reconcile();
const euros = (amountCents: number) => (amountCents / 100).toFixed(2);
console.log(`Reconciled at ${result.checkedAt}: ${result.entriesChecked} balances checked, ${result.differences.length} differ.`);
if (result.differences.length > 0)
  console.table(
    result.differences.map((difference) => ({
      account: difference.account,
      ledger: euros(difference.ledgerCents),
      provider: euros(difference.providerCents),
      difference: euros(difference.differenceCents),
    })),
  );
process.exit(result.differences.length > 0 ? 1 : 0);
