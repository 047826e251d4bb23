/**
 * The files bucket's CORS rule: pages of the app's origin may POST upload forms to the bucket and
 * read S3's answer; no other origin, no other method. Set by a custom resource of the Web stack
 * because the app's origin (the distribution's own domain on a stage without config.domain) exists
 * only there, while the bucket lives in the stateful stack, which the Web stack depends on: the
 * bucket's own CorsConfiguration cannot name it without a cycle.
 */
import { Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { retainedLogGroup } from './log-group';

/** The one rule: S3's PutBucketCors shape. */
export function uploadFormCorsRule(appOrigin: string) {
  // A multipart POST without custom headers needs no preflight, unless the page watches upload progress: then max-age caches it.
  return { AllowedOrigins: [appOrigin], AllowedMethods: ['POST'], MaxAgeSeconds: 600 };
}

export interface UploadFormCorsProps {
  bucket: s3.IBucket;
  /** e.g. https://app.example.com */
  appOrigin: string;
}

export class UploadFormCors extends Construct {
  constructor(scope: Construct, id: string, { bucket, appOrigin }: UploadFormCorsProps) {
    super(scope, id);
    const put: cr.AwsSdkCall = {
      service: 'S3',
      action: 'PutBucketCors',
      parameters: { Bucket: bucket.bucketName, CORSConfiguration: { CORSRules: [uploadFormCorsRule(appOrigin)] } },
      physicalResourceId: cr.PhysicalResourceId.of('upload-form-cors'),
    };
    const customResource = new cr.AwsCustomResource(this, 'PutBucketCors', {
      onCreate: put,
      onUpdate: put,
      onDelete: { service: 'S3', action: 'DeleteBucketCors', parameters: { Bucket: bucket.bucketName } },
      // PutBucketCORS also authorizes DeleteBucketCors; nothing else of the bucket.
      policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [bucket.bucketArn] })]),
      installLatestAwsSdk: false,
      logGroup: retainedLogGroup(this, 'Logs'),
    });
    // The stack's one AwsCustomResource Lambda (CDK's), run by CloudFormation at deploy time only.
    Validations.of(customResource.grantPrincipal as iam.Role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'CDK AwsCustomResource handler, run at deploy time only to set the files bucket CORS rule; it writes its own logs.',
    });
  }
}
