/**
 * The checks of the synthesized stages (tests/infra/stages/), in one test file: one worker loads
 * aws-cdk-lib and synthesizes each stage configuration once (tests/infra/synth.ts). As separate
 * files they ran on all three workers, each loading and synthesizing the same (decision 239).
 */
import './stages/access-token-key';
import './stages/alarms';
import './stages/api';
import './stages/edge-functions';
import './stages/firewall';
import './stages/jobs';
import './stages/logs';
import './stages/nag';
import './stages/realtime';
import './stages/rooms';
import './stages/secrets';
import './stages/stateful';
import './stages/table-access';
import './stages/uploads';
import './stages/web';
