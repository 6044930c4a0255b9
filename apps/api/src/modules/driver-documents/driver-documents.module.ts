import type { ApiModule } from '../../kit/modules.ts';
import { registerDriverDocumentRoutes } from './driver-documents.routes.ts';

export const driverDocumentsModule: ApiModule = {
  name: 'driver-documents',
  tags: [{ name: 'driver-documents', description: "A driver's uploaded documents (PDF, JPEG, PNG): upload, list, download and delete" }],
  errors: ['file_type_not_allowed', 'file_name_invalid', 'document_expiry_required', 'expiry_in_past'],
  auditEntities: ['driver_document'],
  register: registerDriverDocumentRoutes,
};
