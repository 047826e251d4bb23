/**
 * Everything that holds data: the table and the buckets. Kept apart from the stateless stacks
 * so that those can be replaced freely; every resource here has a pinned logical ID
 * (STATEFUL_LOGICAL_IDS, pinned again by tests/infra/stages/stateful.ts) so that a refactor never
 * replaces data.
 */
import { Aws, Duration, Stack, Validations, type CfnResource, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kinesisvideo from 'aws-cdk-lib/aws-kinesisvideo';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { GSI1, GSI2, GSI3, GSI4, MEMBER_INDEX_FIELDS } from '../../functions/platform/keys';
import { RETENTION, UPLOADS } from '../../shared/limits';
import type { StageConfig } from '../config';

export const STATEFUL_LOGICAL_IDS = {
  table: 'MarketplaceTable',
  mediaBucket: 'MediaBucket',
  filesBucket: 'FilesBucket',
  accessLogsBucket: 'AccessLogsBucket',
} as const;

export interface StatefulStackProps extends StackProps {
  config: StageConfig;
}

export class StatefulStack extends Stack {
  readonly table: dynamodb.Table;
  /** Public media (profile and offer photos), read only through CloudFront at /uploads/*. */
  readonly mediaBucket: s3.Bucket;
  /** Private project submissions, downloaded through short-lived signed URLs, and uploads before their check (incoming/). */
  readonly filesBucket: s3.Bucket;
  /** S3 server access logs and the CloudFront access log. */
  readonly accessLogsBucket: s3.Bucket;
  /** The Kinesis Video Streams signalling channels whose TURN servers relay the rooms' calls (docs/rooms.md); they hold no data. */
  readonly roomSignalingChannelArns: string[];

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.table = this.createTable(config);
    this.accessLogsBucket = this.createAccessLogsBucket(config);
    this.mediaBucket = this.createBucket('MediaBucket', STATEFUL_LOGICAL_IDS.mediaBucket, config);
    this.filesBucket = this.createBucket('FilesBucket', STATEFUL_LOGICAL_IDS.filesBucket, config, {
      // Uploads wait here for their content check (functions/platform/uploads.ts); one never published is gone a day later.
      lifecycleRules: [
        { id: 'ExpireUnpublishedUploads', prefix: `${UPLOADS.incomingPrefix}/`, expiration: Duration.days(1) },
        // A member's data export is fetched within minutes; nothing of it stays past a day (decision 166).
        { id: 'ExpireDataExports', prefix: `${RETENTION.exportPrefix}/`, expiration: Duration.days(RETENTION.exportKeptDays) },
      ],
    });
    this.allowCloudFrontToReadMedia();
    this.roomSignalingChannelArns = Array.from({ length: config.roomSignalingChannels }, (_, index) => {
      const channel = new kinesisvideo.CfnSignalingChannel(this, `RoomSignalingChannel${index + 1}`, {
        name: `${config.name}-rooms-${index + 1}`,
        type: 'SINGLE_MASTER',
      });
      return channel.attrArn;
    });
  }

  /** The single table; key design in functions/platform/keys.ts. */
  private createTable(config: StageConfig): dynamodb.Table {
    const table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expiresAt',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: config.pointInTimeRecovery },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // New items reach the notifications function (events pushed over the WebSocket).
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    table.addGlobalSecondaryIndex({
      indexName: GSI1,
      partitionKey: { name: 'gsi1pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'gsi1sk', type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    table.addGlobalSecondaryIndex({
      indexName: GSI2,
      partitionKey: { name: 'gsi2pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'gsi2sk', type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    // Paid orders (decision 160): their GSI1 and GSI2 keys belong to lists they enter and leave.
    table.addGlobalSecondaryIndex({
      indexName: GSI3,
      partitionKey: { name: 'gsi3pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'gsi3sk', type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    // Members, slim (decision 181): the admin's users list searches 10,000 accounts in about 2 MB.
    table.addGlobalSecondaryIndex({
      indexName: GSI4,
      partitionKey: { name: 'gsi4pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'gsi4sk', type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.INCLUDE,
      nonKeyAttributes: [...MEMBER_INDEX_FIELDS],
    });
    pinLogicalId(table, STATEFUL_LOGICAL_IDS.table);
    if (!config.pointInTimeRecovery) {
      Validations.of(table).acknowledge({
        id: 'AwsSolutions-DDB3',
        reason: `Stage ${config.name} turns point-in-time recovery off in infra/config.ts: its data is disposable.`,
      });
    }
    return table;
  }

  private createAccessLogsBucket(config: StageConfig): s3.Bucket {
    const bucket = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard log is delivered with an ACL grant, so ACLs stay available.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // Logs hold IP addresses: kept as long as the privacy policy says, no longer.
      lifecycleRules: [{ expiration: Duration.days(RETENTION.logRetentionDays) }],
      removalPolicy: config.removalPolicy,
    });
    pinLogicalId(bucket, STATEFUL_LOGICAL_IDS.accessLogsBucket);
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access log bucket itself; logging it into itself would log its own log deliveries.',
    });
    return bucket;
  }

  private createBucket(id: string, logicalId: string, config: StageConfig, extra: Partial<s3.BucketProps> = {}): s3.Bucket {
    const bucket = new s3.Bucket(this, id, {
      ...extra,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `s3/${id}/`,
      removalPolicy: config.removalPolicy,
    });
    pinLogicalId(bucket, logicalId);
    return bucket;
  }

  /**
   * Origin access control for the media bucket. The distribution lives in a stateless stack;
   * naming its id here would make this stack depend on it (a cycle), so the grant covers the
   * distributions of this account. The media is public anyway; the bucket itself stays closed.
   */
  private allowCloudFrontToReadMedia(): void {
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects('*')],
        conditions: { ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` } },
      }),
    );
  }
}

/** A fixed logical ID survives construct renames and moves, so CloudFormation never replaces the data. */
function pinLogicalId(construct: Construct, logicalId: string): void {
  (construct.node.defaultChild as CfnResource).overrideLogicalId(logicalId);
}
