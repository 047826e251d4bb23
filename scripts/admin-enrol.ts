/**
 * `npm run admin:enrol`: gives the admin ADMIN_EMAIL a new TOTP secret and recovery codes and prints
 * them once (decision 175), creating the admin with ADMIN_PASSWORD when the address has no account.
 * Against the running `npm start`, or, with TABLE_NAME, AWS credentials and AWS_REGION set, against a
 * deployed stage's table. The previous secret and recovery codes stop working at once.
 */
import { enterOperatorEnvironment } from './operator-environment';

const email = process.env.ADMIN_EMAIL;
if (!email) {
  console.error('Set ADMIN_EMAIL to the admin to enrol (and ADMIN_PASSWORD to create the account if it has none).');
  process.exit(2);
}
enterOperatorEnvironment();

// Imported only now: the modules read their configuration from the environment.
const { runAdminEnrolment } = await import('./admin-enrolment');
const { code, output } = await runAdminEnrolment(email, process.env.ADMIN_PASSWORD);
if (code !== 0) {
  console.error(output);
  process.exit(code);
}
console.log(output);
