/**
 * A Lambda of the product: one TypeScript handler bundled locally by esbuild (no Docker) into an
 * ESM file (the AWS SDK comes from the runtime), with its own log group and a role that may write
 * only to it.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { GSI1 } from '../../functions/lib/keys';
import { acknowledgeWildcardResource, importedName } from '../nag';
import { retainedLogGroup } from './log-group';
import { LAMBDA_BUNDLING } from '../lambda-bundling';

/** Single items, batches and queries; transactions are authorized by the item actions they contain. */
const TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'];

const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

export interface MarketplaceFunctionProps {
  /** Folder under functions/ whose handler.ts exports `handler`. */
  entryFolder: string;
  memoryMb: number;
  environment: Record<string, string>;
}

export class MarketplaceFunction extends Construct {
  readonly function: nodejs.NodejsFunction;

  constructor(scope: Construct, id: string, props: MarketplaceFunctionProps) {
    super(scope, id);
    const logGroup = retainedLogGroup(this, 'Logs');
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: resolve(PROJECT_ROOT, 'functions', props.entryFolder, 'handler.ts'),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: resolve(PROJECT_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(29),
      role,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: nodejs.OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: false,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        externalModules: [...LAMBDA_BUNDLING.externalModules],
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the handlers, the AWS SDK pins and the local stack are tested against; moving to 24 is a deliberate upgrade.',
    });
  }

  /**
   * Items of the table and of its index, by key. No Scan (no request may read the whole table)
   * and no stream reads, which the CDK table grants would add.
   */
  grantTableData(table: dynamodb.ITable): void {
    this.function.addToRolePolicy(new iam.PolicyStatement({ actions: TABLE_ACTIONS, resources: [table.tableArn, `${table.tableArn}/index/${GSI1}`] }));
  }

  /** Objects of a bucket, by key (no listing): keys are generated per upload, hence the wildcard. */
  grantObjects(bucket: s3.IBucket, actions: string[]): void {
    this.function.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
    acknowledgeWildcardResource(this, `${importedName(bucket.bucketArn, bucket)}/*`, `Objects are addressed by keys generated per upload; ${actions.join(', ')} only, no listing.`);
  }
}
