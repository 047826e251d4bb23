import { photoUploadSchema } from '@shared/schemas/offers';
import { api } from '@/lib/api-client';

export { photoUploadSchema };

/** A presigned form to upload this photo with. */
export const requestPhotoUpload = (offerId: string, photo: File) =>
  api.call('POST /api/offers/{id}/photo-upload', { params: { id: offerId }, body: photoUploadSchema.parse({ contentType: photo.type, size: photo.size }) });
