import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeStage, type SynthesizedStage } from './synth';

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
});
afterAll(() => synthesized?.clean());

const SECRET_NAMES = ['JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

describe('secrets', () => {
  it('gives Lambdas the ARNs of secrets, never their values', () => {
    for (const template of Object.values(synthesized.templates)) {
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
        const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
        for (const name of SECRET_NAMES) expect(variables).not.toContain(name);
      }
    }
  });

  it('lets Secrets Manager generate every secret value: no value in any template', () => {
    const secrets = Object.values(synthesized.templates.api.findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(3);
    for (const secret of secrets) {
      expect(secret.Properties.SecretString).toBeUndefined();
      expect(secret.Properties.GenerateSecretString).toBeDefined();
    }
  });

  it('points JWT_SECRET_ARN at the generated signing key', () => {
    const [keyId] = Object.keys(synthesized.templates.api.findResources('AWS::SecretsManager::Secret', { Properties: { Description: 'Signing key of the access tokens (JWT_SECRET)' } }));
    for (const fn of Object.values(synthesized.templates.api.findResources('AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment.Variables.JWT_SECRET_ARN).toEqual({ Ref: keyId });
    }
  });
});
