import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../../../shared/routes';
import { actionsOf, logicalIdOf, synthesizeStage, type PolicyStatement, type SynthesizedStage } from '../synth';

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
