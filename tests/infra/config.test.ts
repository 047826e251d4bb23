import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemovalPolicy } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../../infra/config';
import { createMarketplaceApp } from '../../infra/marketplace-app';

describe('stage configuration', () => {
  it('retains the data of prod and deploys it to eu-west-3', () => {
    expect(stageConfig('prod')).toMatchObject({
      name: 'prod',
      region: 'eu-west-3',
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      pointInTimeRecovery: true,
    });
  });

  it('puts a firewall in front of prod only', () => {
    expect(stageConfig('prod').firewall?.rateLimitPer5Min).toBeGreaterThanOrEqual(10);
    expect(stageConfig('dev').firewall).toBeUndefined();
  });

  it("gives a personal stage the dev configuration under its own name, sending through dev's mail identity", () => {
    expect(stageConfig('alice')).toEqual({ ...stageConfig('dev'), name: 'alice', ownsMailIdentity: false });
  });

  it('refuses a stage name CloudFormation cannot carry', () => {
    expect(() => stageConfig('alice_smith')).toThrow(/Invalid stage name/);
  });

  it('asks for a stage when none is given', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
    try {
      expect(() => createMarketplaceApp({ outdir, context: {} })).toThrow(/-c stage=NAME/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
