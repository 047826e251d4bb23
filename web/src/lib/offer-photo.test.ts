import { describe, expect, it } from 'vitest';
import { offerPhotoSrc } from './offer-photo';

describe('offerPhotoSrc', () => {
  it('shows a photo in moderation by its signed address, else the published photo, else none', () => {
    const signed = 'https://files.s3.eu-west-3.amazonaws.com/held/offers/o1/a.png?X-Amz-Signature=1';
    expect(offerPhotoSrc({ photo: 'offers/o1/b.png', pendingPhotoUrl: signed })).toBe(signed);
    expect(offerPhotoSrc({ photo: 'offers/o1/b.png' })).toBe('/uploads/offers/o1/b.png');
    expect(offerPhotoSrc({})).toBeUndefined();
  });
});
