// The storage area's use cases, as other modules and the routes see them: objects (presigned
// uploads, the uploaded-object check for anything that references a key) and product deliverables.
export { assertUploadedObject, findObjectForSignedUrl, presignUpload, recordUpload, storedKeyOf } from './objects.ts';
export type { PresignedUploadView, PresignInput, StoredObjectView } from './objects.ts';
export { deleteDeliverable, getDeliverable, getDeliverableDownload, putDeliverable } from './deliverables.ts';
export type { DeliverableDownload, DeliverableInput, DeliverableView } from './deliverables.ts';
export type { ObjectStore } from './object-store.ts';
