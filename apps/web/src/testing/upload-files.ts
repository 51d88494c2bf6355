import type { files } from '@chepai/shared';

/** An uploaded file as the server answers it (public unless said otherwise). */
export const uploadedFile = (id: string, extra: Partial<files.UploadedFile> = {}): files.UploadedFile => ({
  id,
  fileUrl: `/api/files/p/${id}/original`,
  fileName: `car-${id}.jpg`,
  thumbnailUrl: `/api/files/p/${id}/thumbnail`,
  contentType: 'image/jpeg',
  size: 1000,
  isPrivate: false,
  ...extra,
});

/** A picture as the browser's file input gives it, of the size claimed. */
export function jpegFile(name = 'car.jpg', size = 1000, type = 'image/jpeg') {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}
