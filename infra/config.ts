/**
 * One typed configuration per stage, chosen with `cdk ... -c stage=NAME`.
 *
 * `dev` and `prod` are the shared environments. Any other name (a personal stage such as
 * `alice`) gets the dev configuration under its own name, so that `cdk deploy -c stage=alice`
 * gives each engineer an isolated, throwaway copy of the product.
 */
import { RemovalPolicy } from 'aws-cdk-lib';

export interface StageConfig {
  /** Stage name; it prefixes every stack name, so it must be a valid CloudFormation name. */
  name: string;
  /** Unset account: the credentials' account at deploy time (CDK_DEFAULT_ACCOUNT). */
  account?: string;
  /** Explicit, because the CLI replaces CDK_DEFAULT_REGION with AWS_REGION (default us-east-1). */
  region: string;
  /**
   * Custom domain of the app, served by CloudFront. Its certificate must be in us-east-1
   * (CloudFront's rule); the DNS record pointing at the distribution is set by the operator.
   * Without it the app is served at the distribution's *.cloudfront.net address.
   */
  domain?: { name: string; certificateArn: string };
  /** Sender of every mail; SES sends for its domain (the identity). */
  mailFrom: string;
  /**
   * Whether this stage creates the SES identity of mailFrom's domain. An identity exists once
   * per account and region, so stages sharing an account and a domain share one identity.
   */
  ownsMailIdentity: boolean;
  /** Where contact form messages go. */
  supportEmail: string;
  /** What happens to the table and buckets when their stack is deleted. */
  removalPolicy: RemovalPolicy;
  /** The table refuses DeleteTable while on. */
  deletionProtection: boolean;
  pointInTimeRecovery: boolean;
  /** Memory of the domain Lambdas (the auth Lambda takes at least AUTH_MEMORY_MB). */
  lambdaMemoryMb: number;
  /** Receives error alarms of the Lambdas and the HTTP API; no alarms without it. */
  alarmEmail?: string;
  /**
   * A WAF web ACL in front of CloudFront: AWS managed rules (common exploits, known bad inputs,
   * IP reputation) and a per-address rate limit on the login, registration and mail-sending
   * routes. Without it, CloudFront has no web ACL (a web ACL costs a fixed monthly fee).
   */
  firewall?: {
    /** Requests one address may send to those routes in any 5 minutes before WAF blocks it (at least 10). */
    rateLimitPer5Min: number;
  };
  /**
   * Kinesis Video Streams signalling channels the rooms' TURN credentials come from (docs/rooms.md):
   * GetIceServerConfig is limited per channel, and each room asks once per credential lifetime, so
   * the pool grows with the calls that start together.
   */
  roomSignalingChannels: number;
}

const REGION = 'eu-west-3';
const account = process.env.CDK_DEFAULT_ACCOUNT;

const dev: StageConfig = {
  name: 'dev',
  account,
  region: REGION,
  mailFrom: 'no-reply@mentorship.example',
  supportEmail: 'support@mentorship.example',
  ownsMailIdentity: true,
  // Throwaway data: deleting a dev stack deletes its table (buckets must be emptied first).
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  pointInTimeRecovery: true,
  lambdaMemoryMb: 512,
  roomSignalingChannels: 1,
};

const prod: StageConfig = {
  name: 'prod',
  account,
  region: REGION,
  mailFrom: 'no-reply@mentorship.example',
  supportEmail: 'support@mentorship.example',
  ownsMailIdentity: true,
  removalPolicy: RemovalPolicy.RETAIN,
  deletionProtection: true,
  pointInTimeRecovery: true,
  lambdaMemoryMb: 1024,
  // Well above what a person typing passwords or filling forms sends; scripts hit it in seconds.
  firewall: { rateLimitPer5Min: 100 },
  roomSignalingChannels: 4,
};

const STAGES: Record<string, StageConfig> = { dev, prod };

/**
 * The configuration of a stage. Unknown names get the dev configuration under their own name,
 * sending mail through dev's SES identity (deploy them to dev's account).
 */
export function stageConfig(name: string): StageConfig {
  if (!/^[a-zA-Z][a-zA-Z0-9-]{0,30}$/.test(name)) {
    throw new Error(`Invalid stage name "${name}": use letters, digits and hyphens, starting with a letter`);
  }
  return STAGES[name] ?? { ...dev, name, ownsMailIdentity: false };
}
