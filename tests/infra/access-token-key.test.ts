import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { Match } from 'aws-cdk-lib/assertions';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../infra/custom-resources/access-token-key/handler';
import { DOMAINS } from '../../shared/routes';
import { actionsOf, logicalIdOf, synthesizeStage, type PolicyStatement, type SynthesizedStage } from './synth';

/** What the handler wrote to Secrets Manager. */
const sent = vi.hoisted(() => [] as { SecretId: string; SecretString: string }[]);
vi.mock('@aws-sdk/client-secrets-manager', () => ({
  SecretsManagerClient: class {
    async send(command: { input: { SecretId: string; SecretString: string } }) {
      sent.push(command.input);
      return {};
    }
  },
  PutSecretValueCommand: class {
    constructor(readonly input: unknown) {}
  },
}));

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-3:123456789012:secret:AccessTokenKey-abc';
const event = (fields: Record<string, unknown>) =>
  ({ ResourceProperties: { ServiceToken: 'x', SecretArn: SECRET_ARN }, ...fields }) as unknown as CloudFormationCustomResourceEvent<{ SecretArn: string }>;

describe('access-token key writer (custom resource handler)', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('on Create puts a fresh P-256 private JWK into the secret and returns its public half', async () => {
    const created = await handler(event({ RequestType: 'Create' }));
    expect(sent).toHaveLength(1);
    expect(sent[0].SecretId).toBe(SECRET_ARN);
    const privateJwk = JSON.parse(sent[0].SecretString);
    expect(Object.keys(privateJwk).sort()).toEqual(['crv', 'd', 'kty', 'x', 'y']);
    const publicJwk = JSON.parse(created.Data!.PublicKey);
    expect(publicJwk).toEqual({ kty: 'EC', crv: 'P-256', x: privateJwk.x, y: privateJwk.y });

    // What the auth Lambda signs with the secret, every Lambda verifies with the public key.
    const token = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject('u1')
      .sign(await importJWK(privateJwk, 'ES256'));
    const { payload } = await jwtVerify(token, await importJWK(publicJwk, 'ES256'));
    expect(payload.sub).toBe('u1');
  });

  it('never generates the same key twice', async () => {
    const first = await handler(event({ RequestType: 'Create' }));
    const second = await handler(event({ RequestType: 'Create' }));
    expect(second.Data!.PublicKey).not.toBe(first.Data!.PublicKey);
  });

  it('on Update keeps the key: no write, the same physical id and public key', async () => {
    const created = await handler(event({ RequestType: 'Create' }));
    sent.length = 0;
    const updated = await handler(
      event({ RequestType: 'Update', PhysicalResourceId: created.PhysicalResourceId, OldResourceProperties: { ServiceToken: 'x', SecretArn: SECRET_ARN } }),
    );
    expect(sent).toEqual([]);
    expect(updated).toEqual(created);
  });

  it('on Update to another secret writes a new key there (and CloudFormation replaces the resource)', async () => {
    const created = await handler(event({ RequestType: 'Create' }));
    sent.length = 0;
    const updated = await handler(
      event({
        RequestType: 'Update',
        PhysicalResourceId: created.PhysicalResourceId,
        OldResourceProperties: { ServiceToken: 'x', SecretArn: `${SECRET_ARN}-old` },
      }),
    );
    expect(sent.map((input) => input.SecretId)).toEqual([SECRET_ARN]);
    expect(updated.PhysicalResourceId).not.toBe(created.PhysicalResourceId);
  });

  it('on Delete does nothing', async () => {
    const deleted = await handler(event({ RequestType: 'Delete', PhysicalResourceId: 'id' }));
    expect(sent).toEqual([]);
    expect(deleted).toEqual({ PhysicalResourceId: 'id' });
  });
});

describe.each(['dev', 'prod'])('access-token key in the %s stage', (stageName) => {
  let synthesized: SynthesizedStage;
  beforeAll(() => {
    synthesized = synthesizeStage(stageName);
  });

  const privateKeyId = () => {
    const [id] = Object.keys(
      synthesized.templates.api.findResources('AWS::SecretsManager::Secret', { Properties: { Description: Match.stringLikeRegexp('ES256 private key') } }),
    );
    return id;
  };
  const variablesOf = (fn: Parameters<typeof logicalIdOf>[0]) => synthesized.templates.api.toJSON().Resources[logicalIdOf(fn)].Properties.Environment.Variables;

  /** Every statement of every policy of every stack that names the private-key secret, with the roles it is attached to. */
  function statementsOnPrivateKey(): { roles: string[]; statement: PolicyStatement }[] {
    const secret = JSON.stringify({ Ref: privateKeyId() });
    return synthesized.everyTemplate
      .flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy')))
      .flatMap((policy) =>
        policy.Properties.PolicyDocument.Statement.filter((statement: PolicyStatement) => JSON.stringify(statement.Resource).includes(secret)).map(
          (statement: PolicyStatement) => ({
            roles: policy.Properties.Roles.map((role: { Ref: string }) => role.Ref),
            statement,
          }),
        ),
      );
  }

  const roleOf = (fn: Parameters<typeof logicalIdOf>[0]) => synthesized.templates.api.toJSON().Resources[logicalIdOf(fn)].Properties.Role['Fn::GetAtt'][0];

  it('lets only the auth Lambda read the private key, and the key writer only write it', () => {
    const authRole = roleOf(synthesized.stage.api.domainFunctions.get('auth')!);
    const grants = statementsOnPrivateKey();
    const readers = grants.filter(({ statement }) => actionsOf(statement).includes('secretsmanager:GetSecretValue'));
    expect(readers.flatMap(({ roles }) => roles)).toEqual([authRole]);
    const writers = grants.filter(({ statement }) => actionsOf(statement).includes('secretsmanager:PutSecretValue'));
    expect(writers).toHaveLength(1);
    expect(actionsOf(writers[0].statement)).toEqual(['secretsmanager:PutSecretValue']);
    expect(writers[0].roles).not.toContain(authRole);
    // Nobody else is granted anything on it.
    expect(grants).toHaveLength(readers.length + writers.length);
  });

  it('gives the private key ARN to the auth Lambda only, and the public key to every other domain Lambda but health', () => {
    const [keyResource] = Object.keys(synthesized.templates.api.findResources('AWS::CloudFormation::CustomResource'));
    for (const domain of DOMAINS) {
      const variables = variablesOf(synthesized.stage.api.domainFunctions.get(domain)!);
      expect(variables.ACCESS_TOKEN_PRIVATE_KEY_ARN, domain).toEqual(domain === 'auth' ? { Ref: privateKeyId() } : undefined);
      expect(variables.ACCESS_TOKEN_PUBLIC_KEY, domain).toEqual(domain === 'health' ? undefined : { 'Fn::GetAtt': [keyResource, 'PublicKey'] });
    }
    const realtime =
      synthesized.templates.realtime.toJSON().Resources[logicalIdOf(synthesized.stage.realtime.websocketFunction)].Properties.Environment.Variables;
    expect(Object.keys(realtime).filter((name) => name.startsWith('ACCESS_TOKEN'))).toEqual([]);
  });

  it('has no HMAC signing secret any more', () => {
    for (const template of synthesized.everyTemplate) {
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
        const names = Object.keys(fn.Properties.Environment?.Variables ?? {});
        expect(names.filter((name) => name.startsWith('JWT_SECRET'))).toEqual([]);
      }
    }
  });
});
