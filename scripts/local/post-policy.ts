/**
 * S3's checks of a browser-based upload (POST Object) signed with SigV4, in S3's order and with
 * its answers, so the local S3 refuses what S3 refuses: AWS's pages on POST policies and forms,
 * and S3's answers as recorded by SDK and emulator test suites where the pages are silent.
 * The bucket is private, so a form without a signature is anonymous and denied; a signed form
 * needs a known access key with a scope of this region, a signature of its policy as sent, an
 * unexpired policy whose every condition holds, no field that no condition names, and a file
 * within every content-length-range.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FormField, PostedForm } from './multipart-form';

/** An answer of S3 refusing the post: `details` are the extra elements of its <Error>. */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, string | number>;
}

/** What S3 would store: the form's fields by lower-case name, `${filename}` expanded, and the file. */
export interface AcceptedPost {
  fields: Map<string, string>;
  file: Buffer;
}

export interface PostTarget {
  bucket: string;
  region: string;
  /** Secret access keys by access key id. */
  secretKeys: Record<string, string>;
  now: Date;
}

/** "The form data and boundaries (excluding the contents of the file) cannot exceed 20KB." */
export const MAX_BYTES_BEFORE_FILE = 20 * 1024;

const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** Named as S3 names them when one is missing. */
const SIGV4_FIELDS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Signature'];
const SIGV2_FIELDS = ['awsaccesskeyid', 'signature'];
/** Fields no condition needs to name, besides the file and x-ignore-* fields. */
const UNCONDITIONED_FIELDS = new Set(['x-amz-signature', 'policy']);

export function checkPostObject(form: PostedForm, target: PostTarget): S3Refusal | AcceptedPost {
  if (form.bytesBeforeFile > MAX_BYTES_BEFORE_FILE) {
    return {
      status: 400,
      code: 'MaxPostPreDataLengthExceeded',
      message: 'Your POST request fields preceeding the upload file was too large.',
      details: { MaxPostPreDataLengthBytes: MAX_BYTES_BEFORE_FILE },
    };
  }
  if (form.fileCount !== 1 || !form.file) {
    return invalidArgument('POST requires exactly one file upload per request.', 'file', form.fileCount);
  }
  const fields = expandedFields(form);
  if (!fields.has('key')) return missingField('key');
  const signingRefusal = checkSigning(fields, target);
  if (signingRefusal) return signingRefusal;
  const policy = parsePolicy(presentField(fields, 'policy'));
  if ('message' in policy) return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: ${policy.message}` };
  const policyRefusal = checkPolicy(policy, form.fields, fields, form.file.data.length, target);
  return policyRefusal ?? { fields, file: form.file.data };
}

/** A SigV4 signature of the policy as sent, by a known key, scoped to this region and X-Amz-Date's day. */
function checkSigning(fields: Map<string, string>, target: PostTarget): S3Refusal | undefined {
  const sigv4 = SIGV4_FIELDS.some((name) => fields.has(name.toLowerCase()));
  if (!sigv4 && !SIGV2_FIELDS.some((name) => fields.has(name))) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const missing = sigv4 ? [...SIGV4_FIELDS, 'Policy'].find((name) => !fields.has(name.toLowerCase())) : undefined;
  if (missing) return missingField(missing);
  // eu-west-3, like every region opened since 2014, takes SigV4 only.
  if (fields.get('x-amz-algorithm') !== SIGV4_ALGORITHM) {
    return { status: 400, code: 'InvalidRequest', message: `The authorization mechanism you have provided is not supported. Please use ${SIGV4_ALGORITHM}.` };
  }
  const credential = presentField(fields, 'x-amz-credential');
  const credentialRefusal = checkCredential(credential, presentField(fields, 'x-amz-date'), target);
  if (credentialRefusal) return credentialRefusal;
  const [accessKeyId, date, region, service] = credential.split('/');
  const encodedPolicy = presentField(fields, 'policy');
  const signatureProvided = presentField(fields, 'x-amz-signature');
  const expected = createHmac('sha256', signingKey(target.secretKeys[accessKeyId], date, region, service))
    .update(encodedPolicy)
    .digest();
  if (sameSignature(expected, signatureProvided)) return undefined;
  return {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    details: { AWSAccessKeyId: accessKeyId, StringToSign: encodedPolicy, SignatureProvided: signatureProvided },
  };
}

/** A field that a check above found present (checkSigning, for the SigV4 fields and the policy). */
function presentField(fields: Map<string, string>, name: string): string {
  const value = fields.get(name);
  if (value === undefined) throw new Error(`POST form field ${name} should have been checked present`);
  return value;
}

/** Unexpired; every condition met; every field named by one; the file within every size range. */
function checkPolicy(policy: Policy, sentFields: FormField[], fields: Map<string, string>, size: number, target: PostTarget): S3Refusal | undefined {
  if (target.now.getTime() > policy.expiration) return policyRefusal('Policy expired.');
  // The bucket is the one posted to, whatever a `bucket` field says.
  const fieldValue = (field: string) => (field === 'bucket' ? target.bucket : fields.get(field));
  const failed = policy.conditions.find((condition) => (condition.kind === 'match' ? !matches(condition, fieldValue) : !condition.bounds));
  if (failed) return policyRefusal(`Policy Condition failed: ${failed.text}`);
  const named = new Set(policy.conditions.flatMap((condition) => (condition.kind === 'match' && condition.field ? [condition.field] : [])));
  const extra = sentFields.find(({ name }) => {
    const lowerName = name.toLowerCase();
    return !named.has(lowerName) && !UNCONDITIONED_FIELDS.has(lowerName) && !lowerName.startsWith('x-ignore-');
  });
  if (extra) return policyRefusal(`Extra input fields: ${extra.name}`);
  for (const condition of policy.conditions) {
    if (condition.kind !== 'range' || !condition.bounds) continue; // a range without bounds failed above
    const [min, max] = condition.bounds;
    if (size > max)
      return {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
        details: { ProposedSize: size, MaxSizeAllowed: max },
      };
    if (size < min)
      return {
        status: 400,
        code: 'EntityTooSmall',
        message: 'Your proposed upload is smaller than the minimum allowed size',
        details: { ProposedSize: size, MinSizeAllowed: min },
      };
  }
  return undefined;
}

/**
 * The fields by lower-case name, as S3 matches them: a name sent twice has its values joined by
 * commas (AWS's forms page), and `${filename}` stands for the file's name after its last slash or
 * backslash. A file part without a filename leaves the variable as it is, as S3 was seen to do.
 */
function expandedFields(form: PostedForm): Map<string, string> {
  const filename = form.file?.filename?.split(/[/\\]/).pop();
  const fields = new Map<string, string>();
  for (const { name, value } of form.fields) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${filename} is S3's POST form variable, replaced as literal text
    const expanded = filename === undefined ? value : value.replaceAll('${filename}', filename);
    const lowerName = name.toLowerCase();
    fields.set(lowerName, fields.has(lowerName) ? `${fields.get(lowerName)},${expanded}` : expanded);
  }
  return fields;
}

/** `<access key>/<yyyymmdd>/<region>/s3/aws4_request`, dated the day of X-Amz-Date, of a key S3 knows. */
export function checkCredential(credential: string, amzDate: string, target: Pick<PostTarget, 'region' | 'secretKeys'>): S3Refusal | undefined {
  if (!/^\d{8}T\d{6}Z$/.test(amzDate)) return invalidArgument('X-Amz-Date must be formated via ISO8601 Long format', 'X-Amz-Date', amzDate);
  const invalidCredential = (message: string, details?: Record<string, string>) => invalidArgument(message, 'X-Amz-Credential', credential, details);
  const parts = credential.split('/');
  if (parts.length !== 5 || !/^\d{8}$/.test(parts[1])) {
    return invalidCredential(
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
    );
  }
  const [accessKeyId, date, region, service, terminal] = parts;
  if (!accessKeyId) return invalidCredential('a non-empty Access Key (AKID) must be provided in the credential.');
  if (service !== 's3')
    return invalidCredential(`Error parsing the X-Amz-Credential parameter; incorrect service '${service}'. This endpoint belongs to 's3'.`);
  if (terminal !== 'aws4_request')
    return invalidCredential(`Error parsing the X-Amz-Credential parameter; incorrect terminal '${terminal}'. This endpoint uses 'aws4_request'.`);
  if (region !== target.region) return invalidCredential(`the region '${region}' is wrong; expecting '${target.region}'`, { Region: target.region });
  if (date !== amzDate.slice(0, 8)) return invalidCredential('Invalid credential date. Date is not the same as X-Amz-Date.');
  if (!Object.hasOwn(target.secretKeys, accessKeyId)) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
      details: { AWSAccessKeyId: accessKeyId },
    };
  }
  return undefined;
}

/** SigV4's key for a day, region and service: an HMAC chain from "AWS4" and the secret. */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  let key = createHmac('sha256', `AWS4${secret}`).update(date).digest();
  for (const part of [region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return key;
}

export function sameSignature(expected: Buffer, providedHex: string): boolean {
  const provided = Buffer.from(providedHex, 'hex');
  // Buffer.from drops what is not hex: the round trip makes sure all of it was.
  return provided.toString('hex') === providedHex && provided.length === expected.length && timingSafeEqual(provided, expected);
}

type Condition =
  | {
      kind: 'match';
      operator: 'eq' | 'starts-with' /** Lower case, without `$`; undefined when the policy left the `$` out, which never matches. */;
      field?: string;
      value: string;
      text: string;
    }
  | { kind: 'range' /** Undefined when a bound is not a whole number, which fails as a condition. */; bounds?: [number, number]; text: string };

interface Policy {
  expiration: number;
  conditions: Condition[];
}

/** A policy's expiration and conditions, or why S3 would call it invalid. */
function parsePolicy(encoded: string): Policy | { message: string } {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return { message: 'Invalid JSON.' };
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return { message: 'Invalid JSON.' };
  const unexpected = Object.keys(document).find((name) => name !== 'expiration' && name !== 'conditions');
  if (unexpected) return { message: `Unexpected: '${unexpected.toLowerCase()}'` };
  const { expiration, conditions } = document as { expiration?: unknown; conditions?: unknown };
  if (expiration === undefined) return { message: 'Policy missing expiration.' };
  // ISO 8601 in UTC only: S3 refuses an offset or a space for the T.
  const expiresAt = typeof expiration === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(expiration) ? Date.parse(expiration) : NaN;
  if (Number.isNaN(expiresAt)) return { message: `Invalid 'expiration' value: '${String(expiration)}'` };
  if (conditions === undefined) return { message: 'Policy missing conditions.' };
  if (!Array.isArray(conditions)) return { message: "Invalid 'conditions' value: must be a List." };
  const parsed: Condition[] = [];
  for (const condition of conditions) {
    const result = parseCondition(condition);
    if ('message' in result) return result;
    parsed.push(result);
  }
  return { expiration: expiresAt, conditions: parsed };
}

/** `{ "name": "value" }` is `["eq", "$name", "value"]`; S3 prints it so when it fails. */
function parseCondition(condition: unknown): Condition | { message: string } {
  if (typeof condition === 'object' && condition !== null && !Array.isArray(condition)) {
    const entries = Object.entries(condition);
    if (entries.length !== 1) return { message: 'Invalid Simple-Condition: Simple-Conditions must have exactly one property specified.' };
    const [[name, value]] = entries;
    if (typeof value !== 'string') return { message: 'Invalid Simple-Condition: value must be a string.' };
    return { kind: 'match', operator: 'eq', field: name.toLowerCase(), value, text: printed(['eq', `$${name}`, value]) };
  }
  if (!Array.isArray(condition)) return { message: 'Invalid condition test: must be a List or Object.' };
  if (typeof condition[0] !== 'string') return { message: 'Invalid Condition: missing operation identifier.' };
  const operator = condition[0].toLowerCase();
  if (operator !== 'eq' && operator !== 'starts-with' && operator !== 'content-length-range')
    return { message: `Invalid Condition: unknown operation '${condition[0]}'.` };
  if (condition.length !== 3) return { message: `Invalid ${operator}: wrong number of arguments.` };
  const text = printed(condition);
  if (operator === 'content-length-range') {
    // Whole numbers, or strings of digits (S3 takes both); a fraction makes the document invalid,
    // another string fails as a condition.
    const bounds = condition.slice(1).map((bound) => (typeof bound === 'string' && /^\d+$/.test(bound) ? Number(bound) : bound));
    if (bounds.some((bound) => typeof bound === 'number' && !(Number.isSafeInteger(bound) && bound >= 0))) return { message: 'Invalid JSON.' };
    return { kind: 'range', bounds: bounds.every((bound) => typeof bound === 'number') ? (bounds as [number, number]) : undefined, text };
  }
  const [, field, value] = condition as unknown[];
  if (typeof field !== 'string' || typeof value !== 'string') return { message: 'Invalid JSON.' };
  return { kind: 'match', operator, field: field.startsWith('$') ? field.slice(1).toLowerCase() : undefined, value, text };
}

/**
 * Values are compared with their case; a condition on a field the form lacks fails, even
 * `starts-with ""` (S3 was seen to refuse it).
 */
function matches(condition: Extract<Condition, { kind: 'match' }>, fieldValue: (field: string) => string | undefined): boolean {
  const value = condition.field === undefined ? undefined : fieldValue(condition.field);
  if (value === undefined) return false;
  return condition.operator === 'eq' ? value === condition.value : value.startsWith(condition.value);
}

function printed(condition: unknown[]): string {
  return `[${condition.map((item) => JSON.stringify(item)).join(', ')}]`;
}

function policyRefusal(reason: string): S3Refusal {
  return { status: 403, code: 'AccessDenied', message: `Invalid according to Policy: ${reason}` };
}

function missingField(name: string): S3Refusal {
  return invalidArgument(`Bucket POST must contain a field named '${name}'.  If it is specified, please check the order of the fields.`, name, '');
}

function invalidArgument(message: string, argumentName: string, argumentValue: string | number, details?: Record<string, string>): S3Refusal {
  return { status: 400, code: 'InvalidArgument', message, details: { ArgumentName: argumentName, ArgumentValue: argumentValue, ...details } };
}
