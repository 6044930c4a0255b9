/**
 * The drivers' value lists, without zod, for the drivers' screens (the lists the drivers list checks in its URL,
 * approval and sort fields, are in common/sortFields.ts with the other lists').
 */
export { type ApproveStatus, approveStatuses } from './sortFields.ts';

/**
 * Why a driver cannot be given a trip on a day (issue 8, section 1): each reason has a message under
 * `drivers.reasons.<code>` in the web's words and `errors.driver_not_eligible` on the API.
 */
export const ineligibilityReasons = [
  'not_approved',
  'inactive',
  'sign_in_disabled',
  'licence_expired',
  'document_missing',
  'document_expired',
] as const;
export type IneligibilityReason = (typeof ineligibilityReasons)[number];

/** Driver documents: what may be uploaded, checked by the file's first bytes, and how big. */
export const driverDocumentContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DriverDocumentContentType = (typeof driverDocumentContentTypes)[number];
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
