import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';

/**
 * Secrets come from Secrets Manager on AWS (the ARN in <NAME>_ARN) and straight from the
 * environment locally (<NAME>). Each is fetched once per Lambda instance.
 */
const cache = new Map<string, Promise<string>>();
let client: SecretsManagerClient | undefined;

export function getSecret(name: string): Promise<string> {
  let value = cache.get(name);
  if (!value) {
    value = loadSecret(name);
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}

async function loadSecret(name: string): Promise<string> {
  const direct = process.env[name];
  if (direct) return direct;
  const arn = process.env[`${name}_ARN`];
  if (!arn) throw new Error(`Neither ${name} nor ${name}_ARN is configured`);
  client ??= new SecretsManagerClient({ region: config.region });
  const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!result.SecretString) throw new Error(`Secret ${name} is empty`);
  return result.SecretString;
}
