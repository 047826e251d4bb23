/**
 * The custom resource of infra/constructs/access-token-key.ts, run by CloudFormation at deploy time.
 *
 * Create: generates the ES256 (P-256) key pair of the access tokens, puts the private JWK into the
 * secret and returns the public JWK. The key never leaves this invocation but into that secret,
 * and this function may write the secret, not read it. So the public JWK is also the resource's
 * physical id (base64url, to keep it to safe characters): an Update returns it again and keeps the
 * key; a new key would sign every session's access token out for nothing.
 * Delete: nothing to do (the secret is its own resource).
 */
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { generateKeyPairSync } from 'node:crypto';

export interface AccessTokenKeyProperties {
  /** The secret that receives the private JWK. */
  SecretArn: string;
}

interface Response {
  PhysicalResourceId: string;
  Data?: { PublicKey: string };
}

const secretsManager = new SecretsManagerClient({});

export async function handler(event: CloudFormationCustomResourceEvent<AccessTokenKeyProperties>): Promise<Response> {
  switch (event.RequestType) {
    case 'Create':
      return createKey(event.ResourceProperties.SecretArn);
    case 'Update':
      // Another secret (the old one replaced) has no key yet: it gets one, and CloudFormation
      // deletes the old resource (a no-op) since the physical id changes.
      if (event.ResourceProperties.SecretArn !== event.OldResourceProperties.SecretArn) return createKey(event.ResourceProperties.SecretArn);
      return { PhysicalResourceId: event.PhysicalResourceId, Data: { PublicKey: Buffer.from(event.PhysicalResourceId, 'base64url').toString('utf8') } };
    case 'Delete':
      return { PhysicalResourceId: event.PhysicalResourceId };
  }
}

async function createKey(secretArn: string): Promise<Response> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  // The private JWK holds the public point (x, y) too; d is the secret part.
  const { kty, crv, x, y, d } = privateKey.export({ format: 'jwk' });
  await secretsManager.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify({ kty, crv, x, y, d }) }));
  const publicJwk = JSON.stringify({ kty, crv, x, y });
  return { PhysicalResourceId: Buffer.from(publicJwk).toString('base64url'), Data: { PublicKey: publicJwk } };
}
