/**
 * The ES256 key pair that signs the access tokens. A custom resource generates it at the first
 * deploy and writes the private JWK into a secret only the signer may read; every other Lambda is
 * configured with the public JWK and can verify tokens, never mint them.
 */
import { CustomResource, Validations, type CfnResource } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { AccessTokenKeyProperties } from '../custom-resources/access-token-key/handler';
import { acknowledgeWildcardResource, attributeName } from '../nag';
import { retainedLogGroup } from './log-group';
import { MarketplaceFunction } from './marketplace-function';

export class AccessTokenKey extends Construct {
  /** The public JWK as JSON (ACCESS_TOKEN_PUBLIC_KEY). */
  readonly publicKey: string;
  /** Holds the private JWK (ACCESS_TOKEN_PRIVATE_KEY_ARN); grantSigning gives read access. */
  private readonly privateKey: secrets.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Created with a random placeholder value, which the key writer replaces at once. Changing its
    // generation settings would make CloudFormation generate a new value over the key: keep the defaults.
    this.privateKey = new secrets.Secret(this, 'PrivateKey', {
      description: 'ES256 private key (JWK) of the access tokens, written by the AccessTokenKey custom resource',
    });
    Validations.of(this.privateKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The key pair is generated once by the AccessTokenKey custom resource; Secrets Manager rotation could not update the public key the Lambdas are configured with. Rotate by replacing that custom resource (access tokens live 15 minutes and sessions renew them with their refresh tokens).',
    });

    const writer = new MarketplaceFunction(this, 'Writer', {
      entry: 'infra/custom-resources/access-token-key/handler.ts',
      serviceName: 'marketplace-access-token-key',
      memoryMb: 256,
      environment: {},
    });
    // Writes the key, and never reads it back.
    writer.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [this.privateKey.secretArn] }));

    const properties: AccessTokenKeyProperties = { SecretArn: this.privateKey.secretArn };
    const key = new CustomResource(this, 'Resource', { serviceToken: this.createProvider(writer).serviceToken, properties });
    this.publicKey = key.getAttString('PublicKey');
  }

  /** The signer reads the private key (GetSecretValue) and finds it in ACCESS_TOKEN_PRIVATE_KEY_ARN. */
  grantSigning(signer: MarketplaceFunction): void {
    this.privateKey.grantRead(signer.function);
    signer.function.addEnvironment('ACCESS_TOKEN_PRIVATE_KEY_ARN', this.privateKey.secretArn);
  }

  /** CDK's custom resource framework, with a role and a log group of our own (kept as long as every log). */
  private createProvider(writer: MarketplaceFunction): cr.Provider {
    const logGroup = retainedLogGroup(this, 'ProviderLogs');
    const role = new iam.Role(this, 'ProviderRole', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const provider = new cr.Provider(this, 'Provider', { onEventHandler: writer.function, logGroup, frameworkOnEventRole: role });
    acknowledgeWildcardResource(
      role,
      `${attributeName(writer.function.node.defaultChild as CfnResource, 'Arn')}:*`,
      'CDK custom resource framework, at deploy time only: invokes the access-token key writer (any version of that one function).',
    );
    return provider;
  }
}
