import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config';

/** The one S3 client of a Lambda. Locally it talks path-style to the local S3 without streaming checksums. */
export const s3 = new S3Client({
  region: config.region,
  endpoint: config.s3Endpoint,
  forcePathStyle: Boolean(config.s3Endpoint),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
