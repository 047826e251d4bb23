/** Puts objects straight into the local S3 buckets, as an upload would have stored them. */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { stackEnv } from './stack';

export async function putObjects(bucket: 'MEDIA_BUCKET' | 'FILES_BUCKET', objects: { key: string; type: string; body: string }[]): Promise<void> {
  const env = stackEnv();
  const s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  try {
    for (const { key, type, body } of objects) await s3.send(new PutObjectCommand({ Bucket: env[bucket], Key: key, Body: body, ContentType: type }));
  } finally {
    s3.destroy();
  }
}
