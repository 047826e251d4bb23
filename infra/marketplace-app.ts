/**
 * The CDK app: the stage named by the `stage` context value, checked by cdk-nag's AWS
 * Solutions rules. Every finding is either fixed or acknowledged next to its resource with a
 * reason; an unacknowledged one fails the synth.
 */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stageConfig, type StageConfig } from './config';
import { MarketplaceStage } from './stage';

const FAIL_ON_FINDINGS = '@aws-cdk/core:failSynthOnValidationErrors';

/** `config` replaces the configuration of the stage named in the context (tests of other configurations). */
export function createMarketplaceApp(props: AppProps = {}, config?: StageConfig): { app: App; stage: MarketplaceStage } {
  const app = new App(props);
  // The CLI turns this off to report findings itself, but only for the stacks it selected, and
  // `cdk synth` without stack names selects none of a Stage's stacks: findings would pass unseen.
  app.node.setContext(FAIL_ON_FINDINGS, true);
  const stageName: unknown = app.node.tryGetContext('stage');
  if (typeof stageName !== 'string' || stageName === '') {
    throw new Error('Choose a stage: cdk <command> -c stage=NAME (dev, prod, or your own name for a personal stage)');
  }
  const stage = new MarketplaceStage(app, `Marketplace-${stageName}`, { config: config ?? stageConfig(stageName) });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stage };
}
