/**
 * One environment of the product (dev, prod, or a personal stage): the stateful stack and the
 * stateless ones built on it, and, when the stage has a firewall, its web ACL in us-east-1.
 * Stacks are wired through properties, never through lookups.
 */
import { Stage, type StageProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from './config';
import { retainProviderLogs } from './constructs/log-group';
import { ApiStack } from './stacks/api-stack';
import { FirewallStack } from './stacks/firewall-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { WebStack } from './stacks/web-stack';

export interface MarketplaceStageProps extends StageProps {
  config: StageConfig;
}

/** CloudFront's web ACLs, like its certificates, live in us-east-1 only. */
const CLOUDFRONT_REGION = 'us-east-1';

export class MarketplaceStage extends Stage {
  readonly stateful: StatefulStack;
  /** Only for stages whose configuration has a firewall. */
  readonly firewall?: FirewallStack;
  readonly web: WebStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;

  constructor(scope: Construct, id: string, props: MarketplaceStageProps) {
    const { config } = props;
    super(scope, id, { ...props, env: { account: config.account, region: config.region } });
    this.stateful = new StatefulStack(this, 'Stateful', { config });
    const { table, mediaBucket, filesBucket, accessLogsBucket } = this.stateful;
    if (config.firewall) {
      this.firewall = new FirewallStack(this, 'Firewall', {
        firewall: config.firewall,
        env: { account: config.account, region: CLOUDFRONT_REGION },
        crossRegionReferences: true,
      });
    }
    this.web = new WebStack(this, 'Web', {
      config,
      mediaBucket,
      filesBucket,
      accessLogsBucket,
      webAclArn: this.firewall?.webAclArn,
      crossRegionReferences: Boolean(this.firewall),
    });
    const { originSecret } = this.web;
    this.api = new ApiStack(this, 'Api', {
      config,
      table,
      mediaBucket,
      filesBucket,
      originSecret,
      httpApi: this.web.httpGateway.api,
      webSocketApi: this.web.webSocketGateway.api,
      webSocketStage: this.web.webSocketGateway.stage,
      appUrl: this.web.appUrl,
      roomSignalingChannelArns: this.stateful.roomSignalingChannelArns,
    });
    this.realtime = new RealtimeStack(this, 'Realtime', {
      config,
      table,
      originSecret,
      webSocketApi: this.web.webSocketGateway.api,
      webSocketStage: this.web.webSocketGateway.stage,
      appUrl: this.web.appUrl,
      alarms: this.api.alarms,
    });
    // The privacy policy keeps logs a year: CDK's own Lambdas too.
    for (const stack of [this.stateful, this.firewall, this.web, this.api, this.realtime]) if (stack) retainProviderLogs(stack);
  }
}
