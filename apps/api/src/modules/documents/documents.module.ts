import type { ApiModule } from '../../kit/modules.ts';
import { registerDocumentTypeRoutes } from './documents.routes.ts';

export const documentTypesModule: ApiModule = {
  name: 'documents',
  tags: [
    { name: 'documents', description: "A company's document types: which documents its drivers must hold (licence, insurance, ID...)" },
  ],
  errors: ['document_type_name_taken', 'document_type_in_use', 'document_type_licence_taken'],
  auditEntities: ['document_type'],
  register: registerDocumentTypeRoutes,
};
