import type { PhotoUploadForm } from '@shared/schemas/catalogue';

/**
 * Sends the photo to storage with the presigned form: every field of the form, then the file
 * last (storage ignores fields after it). Plain fetch: no cookies or token go to storage.
 */
export async function uploadPhoto(form: PhotoUploadForm, photo: File): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', photo);
  const response = await fetch(form.url, { method: 'POST', body, credentials: 'omit' });
  if (!response.ok) throw new Error(`Upload answered ${response.status}`);
}
