import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from '../../http/schemas.ts';
import { ALLOWED_CONTENT_TYPES } from './upload-policy.ts';

const Purpose = Type.Union([Type.Literal('image'), Type.Literal('deliverable')], {
  default: 'image',
  description: 'image: storefront logos and banners. deliverable: a file the buyer receives after paying.',
});

export const PresignBody = Type.Object(
  {
    contentType: Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        `MIME type of the file. Images: ${ALLOWED_CONTENT_TYPES.image.join(', ')} (no SVG: it can carry scripts). ` +
        `Deliverables: ${ALLOWED_CONTENT_TYPES.deliverable.join(', ')}.`,
    }),
    fileName: Type.String({ minLength: 1, maxLength: 255, description: 'Name of the file; only its last path segment is kept.' }),
    purpose: Type.Optional(Purpose),
  },
  { additionalProperties: false },
);

export const PresignedUpload = Type.Object(
  {
    objectKey: Type.String({ description: 'Reference to the object: pass it as objectKey, logoObjectKey or bannerObjectKey once uploaded.' }),
    uploadUrl: Type.String({ description: 'Send the file bytes here with an HTTP PUT before expiresAt.' }),
    method: Type.Literal('PUT'),
    headers: Type.Record(Type.String(), Type.String(), { description: 'Headers the PUT must carry exactly (Content-Type).' }),
    expiresAt: DateTime(),
    maxSizeBytes: Type.Integer({ description: 'Largest accepted file for this purpose.' }),
  },
  { title: 'PresignedUpload' },
);

export const DeliverableBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('link'), Type.Literal('file')]),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'kind link: an absolute http:// or https:// URL.' })),
    objectKey: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'kind file: the objectKey of an uploaded object presigned with purpose deliverable.' })),
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'kind file: name offered to the buyer; defaults to the uploaded file name.' })),
    contentType: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'kind file: when given, must equal the uploaded object\'s type.' })),
  },
  { additionalProperties: false },
);

export const Deliverable = Type.Object(
  {
    id: Uuid(),
    productId: Uuid(),
    kind: Type.Union([Type.Literal('file'), Type.Literal('link')]),
    url: Nullable(Type.String({ description: 'The delivered URL when kind is link; null for files, which buyers download through per-purchase signed URLs.' })),
    objectKey: Nullable(Type.String({ description: 'The uploaded object when kind is file.' })),
    fileName: Nullable(Type.String()),
    contentType: Nullable(Type.String()),
    sizeBytes: Nullable(Type.Integer()),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { title: 'ProductDeliverable' },
);

export const UploadedObject = Type.Object({
  objectKey: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  uploadedAt: DateTime(),
});

export const SignedUrlQuery = Type.Object({
  expires: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
