import type { PhotoUploadForm } from '@shared/schemas/catalogue';
import type { PROJECT_FILE_TYPES } from '@shared/schemas/orders';
import { api } from '@/lib/api-client';

export type ProjectFileType = (typeof PROJECT_FILE_TYPES)[number];

/** A presigned form to upload a project file straight to storage (the object is checked after). */
export const requestProjectUpload = (chatId: string, file: File, contentType: ProjectFileType) =>
  api.call('POST /api/chats/{id}/project-upload', { params: { id: chatId }, body: { fileName: file.name, contentType, size: file.size } });

/** The uploaded file submitted as the delivery, by its key. */
export const confirmProjectUpload = (chatId: string, key: string) =>
  api.call('PUT /api/chats/{id}/confirm-project-upload', { params: { id: chatId }, body: { key } });

/**
 * Sends the file to storage with the presigned form, every field first and the file last (storage
 * ignores fields after it), through XMLHttpRequest so that its progress can be shown (fetch reports
 * none for uploads). No cookies or token go to storage. `onProgress` hears 0 to 1.
 */
export function uploadProjectFile(form: PhotoUploadForm, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
    body.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', form.url);
    request.withCredentials = false;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`Upload answered ${request.status}`)));
    request.onerror = () => reject(new Error('Upload failed'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}
