import { beforeAll, describe, expect, it } from 'vitest';
import { synthesizeStage, type SynthesizedStage } from '../synth';

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
});

/** Variables that would hold a secret's value; Lambdas get <NAME>_ARN and read the value at run time. */
const SECRET_NAMES = ['ORIGIN_SECRET', 'ACCESS_TOKEN_PRIVATE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

const allSecrets = () => synthesized.everyTemplate.flatMap((template) => Object.values(template.findResources('AWS::SecretsManager::Secret')));

describe('secrets', () => {
  it('gives Lambdas the ARNs of secrets, never their values', () => {
    for (const template of synthesized.everyTemplate) {
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
        const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
        for (const name of SECRET_NAMES) expect(variables).not.toContain(name);
      }
    }
  });

  it('lets Secrets Manager generate every secret value: no value in any template', () => {
    // The origin secret, the access-token private key (overwritten by its key writer) and the two Stripe placeholders.
    expect(allSecrets()).toHaveLength(4);
    for (const secret of allSecrets()) {
      expect(secret.Properties.SecretString).toBeUndefined();
      expect(secret.Properties.GenerateSecretString).toBeDefined();
    }
  });
});
