/**
 * Uploads on AWS: browsers of the app's origin post forms to the files bucket (its CORS rule and
 * the SPA's CSP, see edge-functions.test.ts), unpublished uploads expire, the offers Lambda may
 * touch exactly the keys of offer photos, and the orders Lambda those of delivered projects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stageConfig } from '../../../infra/config';
import { uploadFormCorsRule } from '../../../infra/constructs/upload-form-cors';
import { STATEFUL_LOGICAL_IDS } from '../../../infra/stacks/stateful-stack';
import type { DOMAINS } from '../../../shared/routes';
import { actionsOf, logicalIdOf, statementsOfFunction, statementsOfRole, synthesizeStage, type SynthesizedStage } from '../synth';

let dev: SynthesizedStage;
let withDomain: SynthesizedStage;
beforeAll(() => {
  dev = synthesizeStage('dev');
  withDomain = synthesizeStage('dev', {
    ...stageConfig('dev'),
    domain: { name: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
  });
});

type Value = string | { [fn: string]: unknown };

/** A template value as text, other resources and stacks' values shown as <GetAtt:Id.Attr> and <Import:...>. */
function text(value: Value): string {
  if (typeof value === 'string') return value;
  if ('Fn::Join' in value) {
    const [separator, parts] = value['Fn::Join'] as [string, Value[]];
    return parts.map(text).join(separator);
  }
  if ('Fn::GetAtt' in value) return `<GetAtt:${(value['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::ImportValue' in value) return `<Import:${value['Fn::ImportValue'] as string}>`;
  if ('Ref' in value) return `<Ref:${value.Ref as string}>`;
  throw new Error(`Unexpected value ${JSON.stringify(value)}`);
}

/** The SDK call of an AwsCustomResource phase, as the CORS resource makes it. */
interface CustomResourceCall {
  action: string;
  parameters: { Bucket: unknown; CORSConfiguration: { CORSRules: { AllowedMethods?: string[]; AllowedHeaders?: string[]; AllowedOrigins?: string[] }[] } };
}

function corsResource(stage: SynthesizedStage) {
  const resources = Object.entries(stage.templates.web.findResources('Custom::AWS')).filter(([, resource]) =>
    text(resource.Properties.Create).includes('PutBucketCors'),
  );
  expect(resources).toHaveLength(1);
  const [id, resource] = resources[0];
  const call = (phase: 'Create' | 'Update' | 'Delete') => JSON.parse(text(resource.Properties[phase])) as CustomResourceCall;
  return { id, create: call('Create'), update: call('Update'), delete: call('Delete') };
}

/** A value of the stateful stack: `Ref` (the bucket's name) or an attribute such as `Arn`. */
const statefulValue = (logicalId: string, attribute: 'Ref' | 'Arn') =>
  attribute === 'Ref'
    ? new RegExp(`<Import:Marketplace-dev-Stateful:ExportsOutputRef${logicalId}[0-9A-F]{8}>`)
    : new RegExp(`<Import:Marketplace-dev-Stateful:ExportsOutputFnGetAtt${logicalId}${attribute}[0-9A-F]{8}>`);
const exactly = (pattern: RegExp, suffix = '') => expect.stringMatching(new RegExp(`^${pattern.source}${suffix}$`));
const distributionDomain = (stage: SynthesizedStage) =>
  `<GetAtt:${logicalIdOf(stage.stage.web.node.findChild('Web').node.findChild('Distribution'))}.DomainName>`;

describe('the files bucket and upload forms', () => {
  it('lets unpublished uploads (incoming/) and data exports (exports/) expire after a day, and nothing else of the bucket', () => {
    const files = dev.templates.stateful.toJSON().Resources[STATEFUL_LOGICAL_IDS.filesBucket].Properties;
    expect(files.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' }),
      expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' }),
    ]);
    expect(dev.templates.stateful.toJSON().Resources[STATEFUL_LOGICAL_IDS.mediaBucket].Properties.LifecycleConfiguration).toBeUndefined();
  });

  it("lets the app's origin, and it only, POST to the files bucket (CORS)", () => {
    const cors = corsResource(dev);
    for (const call of [cors.create, cors.update]) {
      expect(call.action).toBe('PutBucketCors');
      expect(call.parameters.Bucket).toEqual(exactly(statefulValue(STATEFUL_LOGICAL_IDS.filesBucket, 'Ref')));
      expect(call.parameters.CORSConfiguration).toEqual({ CORSRules: [uploadFormCorsRule(`https://${distributionDomain(dev)}`)] });
      expect(call.parameters.CORSConfiguration.CORSRules[0]).toMatchObject({ AllowedMethods: ['POST'] });
      expect(call.parameters.CORSConfiguration.CORSRules[0].AllowedHeaders).toBeUndefined();
    }
    expect(cors.delete).toMatchObject({ action: 'DeleteBucketCors', parameters: { Bucket: cors.create.parameters.Bucket } });
  });

  it('names the custom domain as the origin when the stage has one', () => {
    expect(corsResource(withDomain).create.parameters.CORSConfiguration.CORSRules[0].AllowedOrigins).toEqual(['https://app.example.com']);
  });

  it("lets the CORS custom resource's role set the CORS rule of the files bucket, nothing else", () => {
    // CDK's one AwsCustomResource handler of the stack, run by CloudFormation at deploy time.
    const roles = Object.keys(dev.templates.web.findResources('AWS::IAM::Role')).filter((id) => id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'));
    expect(roles).toHaveLength(1);
    const statements = statementsOfRole(dev.templates.web, roles[0]).map((statement) => ({
      actions: actionsOf(statement),
      resource: text(statement.Resource as Value),
    }));
    expect(statements).toEqual([{ actions: ['s3:PutBucketCORS'], resource: exactly(statefulValue(STATEFUL_LOGICAL_IDS.filesBucket, 'Arn')) }]);
  });
});

describe('what the offers Lambda may do with objects', () => {
  const s3Statements = (stage: SynthesizedStage, domain: (typeof DOMAINS)[number]) =>
    statementsOfFunction(stage.templates.api, logicalIdOf(stage.stage.api.domainFunctions.get(domain)!))
      .filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')))
      .map((statement) => ({ actions: [...actionsOf(statement)].sort(), resource: text(statement.Resource as Value) }));

  it('signs forms into, reads and removes incoming/offers/* of the files bucket, and writes offers/* of the media bucket: nothing more', () => {
    const statements = s3Statements(dev, 'catalogue');
    const files = statefulValue(STATEFUL_LOGICAL_IDS.filesBucket, 'Arn');
    const media = statefulValue(STATEFUL_LOGICAL_IDS.mediaBucket, 'Arn');
    const uploads = statements.filter(({ resource }) => media.test(resource) || (files.test(resource) && resource.includes('/incoming/')));
    expect(uploads).toEqual([
      { actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], resource: exactly(files, '/incoming/offers/\\*') },
      { actions: ['s3:PutObject'], resource: exactly(media, '/offers/\\*') },
    ]);
    // No grant on either bucket as a whole, which would cover every upload.
    for (const { resource } of statements) expect(resource).not.toMatch(/>\/\*$/);
  });

  it('holds checked photos in moderation in held/offers/* of the files bucket (copy in, sign to view, copy out, remove): nothing more', () => {
    const files = statefulValue(STATEFUL_LOGICAL_IDS.filesBucket, 'Arn');
    const held = s3Statements(dev, 'catalogue').filter(({ resource }) => files.test(resource) && resource.includes('/held/'));
    expect(held).toEqual([{ actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], resource: exactly(files, '/held/offers/\\*') }]);
  });
});

describe('what the orders Lambda may do with objects', () => {
  const s3Statements = (stage: SynthesizedStage) =>
    statementsOfFunction(stage.templates.api, logicalIdOf(stage.stage.api.domainFunctions.get('orders')!))
      .filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')))
      .map((statement) => ({ actions: [...actionsOf(statement)].sort(), resource: text(statement.Resource as Value) }));

  it('signs forms into, reads and removes incoming/projects/*, and keeps, signs and removes projects/* of the files bucket: nothing more', () => {
    const files = statefulValue(STATEFUL_LOGICAL_IDS.filesBucket, 'Arn');
    expect(s3Statements(dev)).toEqual([
      { actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], resource: exactly(files, '/incoming/projects/\\*') },
      { actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], resource: exactly(files, '/projects/\\*') },
    ]);
  });
});

describe('what the jobs Lambda may do with objects', () => {
  it('writes and signs members’ data exports (exports/* of the files bucket) and removes deleted members’ photos (avatars/* of the media bucket): nothing more', () => {
    const files = statefulValue(STATEFUL_LOGICAL_IDS.filesBucket, 'Arn');
    const media = statefulValue(STATEFUL_LOGICAL_IDS.mediaBucket, 'Arn');
    const statements = statementsOfFunction(dev.templates.api, logicalIdOf(dev.stage.api.domainFunctions.get('jobs')!))
      .filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')))
      .map((statement) => ({ actions: [...actionsOf(statement)].sort(), resource: text(statement.Resource as Value) }));
    expect(statements).toEqual([
      { actions: ['s3:GetObject', 's3:PutObject'], resource: exactly(files, '/exports/\\*') },
      { actions: ['s3:DeleteObject'], resource: exactly(media, '/avatars/\\*') },
    ]);
  });
});
