/**
 * A member's own profile (spec 2 sections 5 and 7): the fields of PUT /user/update, only those that
 * changed; the photo; an expert's education and work experience. Every write of an expert's profile
 * reaches the public profile at once and search within seconds (the catalogue change log).
 */
import type { Account } from '../../../shared/schemas/account';
import type { Education, WorkExperience } from '../../../shared/schemas/catalogue';
import type { UpdateUserBody } from '../../../shared/schemas/users';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/texts';
import { BadRequest, Conflict, NotFound, ValidationFailed } from '../../platform/errors';
import { logger } from '../../platform/logger';
import type { UploadedFile } from '../../platform/multipart';
import { publishImageBytes, unpublish } from '../../platform/uploads';
import { type AccountRecord, toCurrentAccount } from './account';
import { requestEmailChange, sameAddress } from './email-change-service';
import { provePassword } from './service';
import * as profiles from './profile-repository';
import * as repo from './repository';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of the body that differ from the account; an emptied job title or photo is removed (undefined). */
function changesOf(account: AccountRecord, body: UpdateUserBody): profiles.ProfileChanges {
  const { email: _email, currentPassword: _password, ...fields } = body;
  const wanted: profiles.ProfileChanges = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, value === '' ? undefined : value]));
  return Object.fromEntries(Object.entries(wanted).filter(([field, value]) => !sameValue(value, account[field as profiles.ProfileField])));
}

/**
 * PUT /user/update. Fields equal to what the account holds are no change: with none, 'No changes
 * detected.'. A student keeps at most 3 languages (the general form), an expert 10 (the About tab).
 * A new e-mail address needs the current password and is only requested here: it counts once
 * confirmed, and is asked for before any other field is written, so a refused one changes nothing.
 */
export async function updateProfile(account: AccountRecord, body: UpdateUserBody, clientIp: string): Promise<{ user: Account; msg: string }> {
  const changes = changesOf(account, body);
  const newEmail = body.email !== undefined && !sameAddress(body.email, account.email) ? body.email : undefined;
  if (Object.keys(changes).length === 0 && newEmail === undefined) throw new BadRequest(MSG.noChanges, 'no_changes');
  if (account.role !== 'professor' && Array.isArray(changes.languages) && changes.languages.length > LIMITS.profileLanguagesMax)
    throw new ValidationFailed(MSG.tooManyLanguagesProfile, [{ msg: MSG.tooManyLanguagesProfile }]);
  if (newEmail !== undefined) {
    if (!body.currentPassword) throw new ValidationFailed(MSG.currentPasswordForEmail, [{ msg: MSG.currentPasswordForEmail }]);
    await provePassword(account, body.currentPassword, { ip: clientIp });
    await requestEmailChange(account.userId, newEmail, 'self');
  }
  if (Object.keys(changes).length > 0) await profiles.updateProfile(account, changes);
  if ('profilePhoto' in changes && account.profilePhoto) await discardPhoto(account.profilePhoto);
  const user = await repo.getAccount(account.userId, { consistent: true });
  if (!user) throw new NotFound(MSG.userNotFound, 'user_not_found');
  return { user: toCurrentAccount(user), msg: newEmail !== undefined ? MSG.emailChangeRequested : MSG.profileUpdated };
}

/**
 * POST /user/upload-photo: an image of at most 2 MB, JPG, PNG or WEBP by its bytes (not its name),
 * published under avatars/<userId>/ and shown at once; the photo it replaces is removed.
 */
export async function uploadPhoto(account: AccountRecord, file: UploadedFile | undefined): Promise<{ profilePhoto: string }> {
  if (!file || file.data.length === 0) throw new BadRequest(MSG.photoMissing, 'upload_missing');
  const profilePhoto = await publishImageBytes({
    data: file.data,
    maxBytes: LIMITS.photoMaxBytes,
    publicPrefix: `${LIMITS.profilePhotoPrefix}/${account.userId}`,
    refusals: { tooLarge: MSG.fileTooLarge, type: MSG.invalidPhotoType },
  });
  await profiles.updateProfile(account, { profilePhoto });
  if (account.profilePhoto) await discardPhoto(account.profilePhoto);
  return { profilePhoto };
}

/**
 * Removes a photo that is no longer the account's (replaced, deleted, or its account deleted): one
 * left behind only costs storage, so its removal failing is logged, never the owner's problem.
 */
export async function discardPhoto(path: string): Promise<void> {
  // Photos of the demo seed and of earlier products may live outside the uploads of avatars.
  if (!path.startsWith(`${LIMITS.profilePhotoPrefix}/`)) return;
  await unpublish(path).catch((error) => logger.warn('Replaced profile photo not removed', { path, error }));
}

// Education and work experience ------------------------------------------------------------------

type ListField = 'education' | 'workExperience';
type Entry<F extends ListField> = F extends 'education' ? Education : WorkExperience;

/** The limits of each list and what a full list answers when one more is added. */
const LISTS = {
  education: { max: LIMITS.educationMax, full: MSG.educationMax },
  workExperience: { max: LIMITS.workExperienceMax, full: MSG.workExperienceAddMax },
} as const;

/** How many times a list edit is tried when another edit of the same list lands in between. */
const LIST_ATTEMPTS = 3;

/** Applies `edit` to the expert's current list and stores the result, if the list did not change meanwhile. */
async function editList<F extends ListField>(account: AccountRecord, field: F, edit: (list: Entry<F>[]) => Entry<F>[]): Promise<void> {
  let current: AccountRecord | undefined = account;
  for (let attempt = 0; attempt < LIST_ATTEMPTS && current; attempt++) {
    const previous = current[field] as Entry<F>[] | undefined;
    if (await profiles.replaceExpertList(current, field, edit(previous ?? []), previous)) return;
    current = await repo.getAccount(account.userId, { consistent: true });
  }
  throw new Conflict(MSG.entryNotFound, 'entry_not_found');
}

/** PUT /user/update-professor-info: the whole education or work-experience list, replacing it. */
export async function replaceExpertInfo(
  account: AccountRecord,
  { education, workExperience }: { education?: Education[]; workExperience?: WorkExperience[] },
): Promise<{ msg: string }> {
  if (education) await editList(account, 'education', () => education);
  if (workExperience) await editList(account, 'workExperience', () => workExperience);
  return { msg: MSG.profileUpdated };
}

/** An index of a path: a whole number, or none at all (a 404 like any entry that does not exist). */
function indexOf(value: string): number {
  if (!/^\d{1,2}$/.test(value)) throw new NotFound(MSG.entryNotFound, 'entry_not_found');
  return Number(value);
}

/**
 * PUT /user/education/{index} and /user/work-experience/{index}: replaces the entry at `index`, or
 * adds one at the end when `index` is the list's length (refused once the list is full); any other
 * index is an entry that does not exist.
 */
export async function putEntry<F extends ListField>(account: AccountRecord, field: F, rawIndex: string, entry: Entry<F>): Promise<{ msg: string }> {
  const index = indexOf(rawIndex);
  await editList(account, field, (list) => {
    if (index > list.length) throw new NotFound(MSG.entryNotFound, 'entry_not_found');
    if (index === list.length && list.length >= LISTS[field].max) throw new ValidationFailed(LISTS[field].full, [{ msg: LISTS[field].full }]);
    return index === list.length ? [...list, entry] : list.with(index, entry);
  });
  return { msg: MSG.profileUpdated };
}

/** DELETE /user/education/{index} and /user/work-experience/{index}. */
export async function deleteEntry(account: AccountRecord, field: ListField, rawIndex: string): Promise<{ msg: string }> {
  const index = indexOf(rawIndex);
  await editList(account, field, (list) => {
    if (index >= list.length) throw new NotFound(MSG.entryNotFound, 'entry_not_found');
    return list.filter((_, at) => at !== index);
  });
  return { msg: MSG.profileUpdated };
}
