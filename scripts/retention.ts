/**
 * `npm run retention`: runs data retention now (docs/decisions.md 168), as the daily schedule does,
 * and prints its result. Against the running `npm start` (its table, mail and files), or, with
 * TABLE_NAME set, against a deployed stage: AWS credentials, AWS_REGION, STAGE, FILES_BUCKET,
 * MAIL_FROM and APP_URL as the jobs Lambda has them.
 */
import { enterOperatorEnvironment } from './operator-environment';

enterOperatorEnvironment();

// Imported only now: the modules read their configuration from the environment.
const { runRetention } = await import('../functions/contexts/privacy/retention-service');
const result = await runRetention();
console.log(
  `Retention at ${result.ranAt}: ${result.examined} inactive accounts examined, ${result.warned} warned, ${result.deleted} deleted, ` +
    `${result.keptForMoney} kept while money is owed, ${result.keptAdmins} admins kept.`,
);
console.log(JSON.stringify(result));
process.exit(0);
