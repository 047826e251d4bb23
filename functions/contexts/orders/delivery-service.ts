/**
 * Delivering a fixed-price project: the expert's file goes to the private files bucket, is checked
 * by its content, and the order moves to `submitted` with it; both participants, and they only,
 * download it through short-lived signed addresses. Two ways in: a presigned form straight to
 * storage (up to 50 MB, then a confirmation that checks the object), or the spec's multipart call
 * through the API (up to 4 MB, a Lambda's body being capped). Approval is service.ts's `approve`.
 */
import type * as z from 'zod/mini';
import { ORDER_RULES } from '../../../shared/limits';
import type { PhotoUploadForm } from '../../../shared/schemas/catalogue';
import { PROJECT_FILE_TYPES, type projectUploadSchema } from '../../../shared/schemas/orders';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { BadRequest, Conflict, NotFound, PayloadTooLarge } from '../../platform/errors';
import type { UploadedFile } from '../../platform/multipart';
import { createUploadForm, discardFile, type FileRefusals, fileDownloadUrl, type KeptFile, keepBytes, keepUpload } from '../../platform/uploads';
import { isBooked, nextStatus } from '../../../shared/order-transitions';
import type { OrderRecord } from './order';
import { move, orderOfParticipant, refusal } from './lifecycle-service';

const REFUSALS: FileRefusals = { missing: MSG.projectUploadMissing, tooLarge: MSG.projectFileTooLarge, type: MSG.projectFileType };

/** Where an order's files are: its uploads under incoming/projects/<orderId>/, its delivered files under projects/<orderId>/. */
const projectFolder = (order: OrderRecord) => `projects/${order.orderId}`;

/**
 * The order the caller may deliver now: theirs as its expert (403 not_your_chat for anyone else's,
 * 403 not_your_turn for its student) and in a status that takes a delivery (409 order_not_movable).
 */
async function orderToDeliver(caller: Caller, orderId: string): Promise<OrderRecord> {
  const { order, actor } = await orderOfParticipant(caller, orderId);
  if (nextStatus(order, 'submit', actor, nowMs())) return order;
  // A paid call's expert is told why: the call completes once held (decision 250).
  if (actor === 'expert' && isBooked(order) && order.status === 'in_progress') throw new Conflict(MSG.callNotDelivered, 'call_not_delivered');
  throw refusal('submit', actor);
}

/** The order moves to `submitted` with its file; a file the order did not take (it moved meanwhile) is removed. */
async function submitWith(order: OrderRecord, file: KeptFile): Promise<{ msg: string }> {
  try {
    const delivery = { fileName: file.fileName, bytes: file.bytes, number: (order.delivery?.number ?? 0) + 1 };
    await move(order, { action: 'submit', actor: 'expert', changes: { submissionFile: file.key, submittedAt: nowIso(), delivery } });
  } catch (error) {
    await discardFile(file.key);
    throw error;
  }
  return { msg: MSG.projectSubmitted };
}

/**
 * A presigned form for the expert's file: into incoming/projects/<orderId>/, of the declared type,
 * no larger than the declared size (at most 50 MB, the body schema's limit), its name signed in.
 */
export async function projectUploadForm(caller: Caller, orderId: string, body: z.output<typeof projectUploadSchema>): Promise<PhotoUploadForm> {
  const order = await orderToDeliver(caller, orderId);
  return createUploadForm({
    keyPrefix: projectFolder(order),
    contentType: body.contentType,
    maxBytes: Math.min(body.size, ORDER_RULES.projectFileMaxBytes),
    fileName: body.fileName,
  });
}

/**
 * The uploaded file is checked (this order's upload, its size, its type by content: refused ones
 * are removed), kept under projects/<orderId>/, and the order is submitted with it.
 */
export async function confirmProjectUpload(caller: Caller, orderId: string, key: string): Promise<{ msg: string }> {
  const order = await orderToDeliver(caller, orderId);
  const file = await keepUpload({
    key,
    keyPrefix: projectFolder(order),
    maxBytes: ORDER_RULES.projectFileMaxBytes,
    accept: PROJECT_FILE_TYPES,
    toPrefix: projectFolder(order),
    refusals: REFUSALS,
  });
  return submitWith(order, file);
}

/** The spec's multipart submission (field projectFile), up to 4 MB: the same checks, nothing stored when refused. */
export async function submitProject(caller: Caller, orderId: string, upload: UploadedFile | undefined): Promise<{ msg: string }> {
  const order = await orderToDeliver(caller, orderId);
  if (!upload || upload.data.length === 0) throw new BadRequest(MSG.projectFileRequired, 'upload_missing');
  if (upload.data.length > ORDER_RULES.projectMultipartMaxBytes) throw new PayloadTooLarge(MSG.projectMultipartTooLarge);
  const file = await keepBytes({
    data: upload.data,
    fileName: upload.fileName,
    maxBytes: ORDER_RULES.projectMultipartMaxBytes,
    accept: PROJECT_FILE_TYPES,
    toPrefix: projectFolder(order),
    refusals: REFUSALS,
  });
  return submitWith(order, file);
}

/** A short-lived signed address downloading a delivered file as the attachment it was stored as. */
const downloadUrl = (key: string) => fileDownloadUrl(key, ORDER_RULES.projectDownloadSeconds);

/** A short-lived address downloading the delivered file as an attachment: for the order's two participants only. */
export async function projectFileUrl(caller: Caller, orderId: string): Promise<{ url: string }> {
  const { order } = await orderOfParticipant(caller, orderId);
  if (order.submissionFile === undefined) throw new NotFound(MSG.noProjectFile);
  return { url: await downloadUrl(order.submissionFile) };
}

/**
 * The delivered file of a reported order, for the admin deciding it: its stored name and a
 * short-lived address. Admins download no other order's file: none for an order not reported, nor
 * for one where nothing was delivered.
 */
export async function reportedProjectFile(order: OrderRecord): Promise<{ name: string; url: string } | undefined> {
  if (order.status !== 'problem_reported' || order.submissionFile === undefined) return undefined;
  return { name: order.submissionFile.slice(order.submissionFile.lastIndexOf('/') + 1), url: await downloadUrl(order.submissionFile) };
}
