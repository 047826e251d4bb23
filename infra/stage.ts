/**
 * One environment of the product (dev, prod, or a personal stage): the stateful stack and the
 * stateless ones built on it. Stacks are wired through properties, never through lookups.
 */
import { Stage, type StageProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { RealtimeStack } from './stacks/realtime-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { WebStack } from './stacks/web-stack';

export interface MarketplaceStageProps extends StageProps {
  config: StageConfig;
}

export class MarketplaceStage extends Stage {
  readonly stateful: StatefulStack;
  readonly web: WebStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;

  constructor(scope: Construct, id: string, props: MarketplaceStageProps) {
    const { config } = props;
    super(scope, id, { ...props, env: { account: config.account, region: config.region } });
    this.stateful = new StatefulStack(this, 'Stateful', { config });
    const { table, mediaBucket, filesBucket, accessLogsBucket } = this.stateful;
    this.web = new WebStack(this, 'Web', { config, mediaBucket, accessLogsBucket });
    this.api = new ApiStack(this, 'Api', { config, table, mediaBucket, filesBucket, httpApi: this.web.httpGateway.api, appUrl: this.web.appUrl });
    this.realtime = new RealtimeStack(this, 'Realtime', {
      config,
      table,
      webSocketApi: this.web.webSocketGateway.api,
      webSocketStage: this.web.webSocketGateway.stage,
      appUrl: this.web.appUrl,
      alarms: this.api.alarms,
    });
  }
}
