import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesizeStage, type SynthesizedStage } from '../synth';

/**
 * Pinned on purpose, not imported: if a refactor changes one of these, CloudFormation would
 * replace the resource and lose its data. Change them only with a migration plan.
 */
const PINNED = {
  table: 'MarketplaceTable',
  mediaBucket: 'MediaBucket',
  filesBucket: 'FilesBucket',
  accessLogsBucket: 'AccessLogsBucket',
};

let dev: SynthesizedStage;
let prod: SynthesizedStage;
beforeAll(() => {
  dev = synthesizeStage('dev');
  prod = synthesizeStage('prod');
});

describe('stateful stack', () => {
  it('keeps the logical IDs of the table and the buckets', () => {
    const resources = dev.templates.stateful.toJSON().Resources;
    expect(resources[PINNED.table]?.Type).toBe('AWS::DynamoDB::Table');
    expect(resources[PINNED.mediaBucket]?.Type).toBe('AWS::S3::Bucket');
    expect(resources[PINNED.filesBucket]?.Type).toBe('AWS::S3::Bucket');
    expect(resources[PINNED.accessLogsBucket]?.Type).toBe('AWS::S3::Bucket');
  });

  it('has the single table of functions/platform/keys.ts', () => {
    expect(dev.templates.stateful.toJSON().Resources[PINNED.table].Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: expect.arrayContaining([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'gsi1pk', AttributeType: 'S' },
        { AttributeName: 'gsi1sk', AttributeType: 'S' },
        { AttributeName: 'gsi2pk', AttributeType: 'S' },
        { AttributeName: 'gsi2sk', AttributeType: 'S' },
        { AttributeName: 'gsi3pk', AttributeType: 'S' },
        { AttributeName: 'gsi3sk', AttributeType: 'S' },
        { AttributeName: 'gsi4pk', AttributeType: 'S' },
        { AttributeName: 'gsi4sk', AttributeType: 'S' },
      ]),
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'gsi2',
          KeySchema: [
            { AttributeName: 'gsi2pk', KeyType: 'HASH' },
            { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'gsi3',
          KeySchema: [
            { AttributeName: 'gsi3pk', KeyType: 'HASH' },
            { AttributeName: 'gsi3sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'gsi4',
          KeySchema: [
            { AttributeName: 'gsi4pk', KeyType: 'HASH' },
            { AttributeName: 'gsi4sk', KeyType: 'RANGE' },
          ],
          // The admin's users list: the members' slim entries only (decision 181).
          Projection: {
            ProjectionType: 'INCLUDE',
            NonKeyAttributes: ['userId', 'role', 'firstName', 'lastName', 'name', 'email', 'status', 'isBanned', 'isDeleted'],
          },
        },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('retains and protects the data in prod', () => {
    const resources = prod.templates.stateful.toJSON().Resources;
    for (const id of Object.values(PINNED)) expect(resources[id].DeletionPolicy, id).toBe('Retain');
    expect(resources[PINNED.table].Properties.DeletionProtectionEnabled).toBe(true);
  });

  it('keeps every bucket private, encrypted and reachable over TLS only', () => {
    const template = dev.templates.stateful;
    for (const id of [PINNED.mediaBucket, PINNED.filesBucket, PINNED.accessLogsBucket]) {
      expect(template.toJSON().Resources[id].Properties).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
    }
  });
});
