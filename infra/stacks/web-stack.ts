/**
 * The public front door: the CloudFront distribution, the SPA bucket and the two API Gateway
 * APIs CloudFront forwards to. The APIs live here, not with their Lambdas, because the Lambdas
 * need the app's URL (links in mails) and the distribution needs the APIs' addresses: with the
 * APIs here the dependencies run one way, Stateful -> Web -> Api / Realtime.
 */
import { Annotations, CfnOutput, DefaultStackSynthesizer, RemovalPolicy, Stack, Token, Validations, type CfnResource, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { WS_PATH } from '../../shared/routes';
import type { StageConfig } from '../config';
import { HttpGateway } from '../constructs/http-gateway';
import { WebDistribution } from '../constructs/web-distribution';
import { WebSocketGateway } from '../constructs/websocket-gateway';
import { acknowledgeWildcardActions, acknowledgeWildcardResource, attributeName } from '../nag';

const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');

export interface WebStackProps extends StackProps {
  config: StageConfig;
  mediaBucket: s3.IBucket;
  accessLogsBucket: s3.IBucket;
}

export class WebStack extends Stack {
  readonly httpGateway: HttpGateway;
  readonly webSocketGateway: WebSocketGateway;
  /** Public origin of the app, e.g. https://app.example.com (APP_URL of the Lambdas). */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.httpGateway = new HttpGateway(this, 'HttpApi');
    this.webSocketGateway = new WebSocketGateway(this, 'WebSocketApi');
    const spaBucket = this.createSpaBucket(config);
    const { distribution } = new WebDistribution(this, 'Web', {
      domain: config.domain,
      spaBucket,
      // Imported: given the stateful bucket itself, CDK would add this distribution to that
      // bucket's policy, making the stateful stack depend on this one (a cycle).
      mediaBucket: s3.Bucket.fromBucketAttributes(this, 'MediaBucket', {
        bucketName: props.mediaBucket.bucketName,
        bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
      }),
      httpApiDomainName: this.httpGateway.domainName,
      webSocketApiDomainName: this.webSocketGateway.domainName,
      logBucket: props.accessLogsBucket,
    });
    const host = config.domain?.name ?? distribution.distributionDomainName;
    this.appUrl = `https://${host}`;
    this.deploySpa(spaBucket, distribution);

    new CfnOutput(this, 'AppUrl', { value: this.appUrl });
    new CfnOutput(this, 'WebSocketUrl', { value: `wss://${host}${WS_PATH}` });
    new CfnOutput(this, 'DistributionDomainName', { value: distribution.distributionDomainName, description: 'Target of the DNS record of config.domain' });
  }

  /** The built SPA; nothing here is data (it is rebuilt from web/), so it goes with the stack. */
  private createSpaBucket(config: StageConfig): s3.Bucket {
    const disposable = config.removalPolicy === RemovalPolicy.DESTROY;
    const bucket = new s3.Bucket(this, 'SpaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: disposable,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Read only by CloudFront (origin access control), whose access log records every request; the SPA build holds no user data.',
    });
    return bucket;
  }

  /** Uploads web/dist when it has been built; a fresh clone still synthesizes, with a warning. */
  private deploySpa(bucket: s3.Bucket, distribution: WebDistribution['distribution']): void {
    if (!existsSync(WEB_DIST)) {
      Annotations.of(this).addWarningV2('marketplace:spaNotBuilt', 'web/dist does not exist: the SPA is not deployed. Run `npm run build:web` first.');
      return;
    }
    new s3deploy.BucketDeployment(this, 'SpaDeployment', {
      sources: [s3deploy.Source.asset(WEB_DIST)],
      destinationBucket: bucket,
      distribution,
      // index.html is not hashed: every deploy must reach browsers at once.
      distributionPaths: ['/*'],
    });
    this.acknowledgeSpaDeploymentFindings(bucket);
  }

  /** CDK's own deployment Lambda (one per stack), run by CloudFormation at deploy time only. */
  private acknowledgeSpaDeploymentFindings(bucket: s3.Bucket): void {
    const deployer = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))!;
    const reason = 'CDK BucketDeployment handler: copies the SPA build from the CDK assets bucket and invalidates the distribution, at deploy time only.';
    Validations.of(deployer).acknowledge(
      { id: 'AwsSolutions-L1', reason: `${reason} Its runtime is chosen by aws-cdk-lib.` },
      { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: `${reason} Writes its own logs.` },
    );
    acknowledgeWildcardActions(deployer, ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'], `${reason} Read the asset, sync (and prune) the SPA bucket.`);
    acknowledgeWildcardResource(deployer, `arn:<AWS::Partition>:s3:::${this.assetsBucketName()}/*`, `${reason} Reads the SPA asset zip.`);
    acknowledgeWildcardResource(deployer, `${attributeName(bucket.node.defaultChild as CfnResource, 'Arn')}/*`, `${reason} Writes every file of the build.`);
    acknowledgeWildcardResource(deployer, '*', `${reason} cloudfront:CreateInvalidation/GetInvalidation take no resource narrower than *.`);
  }

  /** The bootstrap assets bucket, as cdk-nag prints it (the account is a placeholder when not set). */
  private assetsBucketName(): string {
    return DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace('${Qualifier}', DefaultStackSynthesizer.DEFAULT_QUALIFIER)
      .replace('${AWS::AccountId}', Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account)
      .replace('${AWS::Region}', this.region);
  }
}
