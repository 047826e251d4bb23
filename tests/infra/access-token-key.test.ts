import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../infra/custom-resources/access-token-key/handler';

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
