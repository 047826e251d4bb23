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
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { GSI1, GSI2, GSI3, GSI4, type TableAccess } from '../../functions/platform/keys';
import { acknowledgeWildcardResource, importedName } from '../nag';
import { retainedLogGroup } from './log-group';
import { LAMBDA_BUNDLING } from '../lambda-bundling';

/** What a key prefix of TABLE_ACCESS allows: items only (no Scan: no request may read the whole table, no stream reads). */
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
/** Transactions are authorized by the item actions they contain. */
const READ_WRITE_ACTIONS = [...READ_ACTIONS, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const INDEX_ACTIONS = ['dynamodb:Query'];

const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

export interface MarketplaceFunctionProps {
  /** The handler file (exporting `handler`), relative to the project root. */
  entry: string;
  /** Its Powertools service name (POWERTOOLS_SERVICE_NAME): every log line carries it. */
  serviceName: string;
  memoryMb: number;
  environment: Record<string, string>;
  /** Seconds; API handlers keep the default, under API Gateway's 30 s integration limit. */
  timeoutSeconds?: number;
  /** What this Lambda's bundling adds to every Lambda's (the pages Lambda's loaders, and the files it reads beside its code). */
  bundling?: Pick<nodejs.BundlingOptions, 'loader' | 'define' | 'commandHooks'>;
}

export class MarketplaceFunction extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly logGroup: logs.ILogGroup;
  readonly serviceName: string;

  constructor(scope: Construct, id: string, props: MarketplaceFunctionProps) {
    super(scope, id);
    this.serviceName = props.serviceName;
    this.logGroup = retainedLogGroup(this, 'Logs');
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(role);

    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: resolve(PROJECT_ROOT, props.entry),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: resolve(PROJECT_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? 29),
      role,
      logGroup: this.logGroup,
      environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: props.serviceName, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: nodejs.OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: false,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        externalModules: [...LAMBDA_BUNDLING.externalModules],
        ...props.bundling,
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the handlers, the AWS SDK pins and the local stack are tested against; moving to 24 is a deliberate upgrade.',
    });
  }

  /**
   * Items of the table whose partition key starts with one of the prefixes of `access`
   * (functions/platform/keys.ts TABLE_ACCESS), and queries of the index by its own partition key's
   * prefixes; one statement per kind of access, nothing without the key condition.
   */
  grantTableData(table: dynamodb.ITable, access: TableAccess): void {
    this.grantItems(READ_WRITE_ACTIONS, table.tableArn, access.readWrite);
    this.grantItems(READ_ACTIONS, table.tableArn, access.read);
    // A Query of an index carries one partition-key value, the index's own (gsi1pk, gsi2pk, gsi3pk): that is
    // the leading key the condition sees, so index prefixes are index partition-key prefixes, granted
    // on the indexes only (one prefix names the same kind of item on every index).
    this.grantItems(
      INDEX_ACTIONS,
      [GSI1, GSI2, GSI3, GSI4].map((index) => `${table.tableArn}/index/${index}`),
      access.index,
    );
  }

  private grantItems(actions: string[], resource: string | string[], prefixes: readonly string[]): void {
    if (prefixes.length === 0) return;
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions,
        resources: [resource].flat(),
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => `${prefix}*`) },
          // ForAllValues holds for a request that carries no key at all: require the key.
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      }),
    );
  }

  /** Objects of a bucket (or of one folder, `keys` such as offers/*), by key (no listing): keys are generated per upload, hence the wildcard. */
  grantObjects(bucket: s3.IBucket, actions: string[], keys = '*'): void {
    this.function.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects(keys)] }));
    acknowledgeWildcardResource(
      this,
      `${importedName(bucket.bucketArn, bucket)}/${keys}`,
      `Objects are addressed by keys generated per upload; ${actions.join(', ')} only, no listing.`,
    );
  }
}
