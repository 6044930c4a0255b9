import { documentTypeEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createDocumentTypesService } from './documents.service.ts';

/** Spec section 7: document/add, list, get/{id}, update/{id}, delete/{id}: the document types drivers hold. */
export function registerDocumentTypeRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'documents'), {
    endpoints: documentTypeEndpoints,
    scope: 'company',
    service: createDocumentTypesService(db),
    docs: {
      add: {
        summary: 'Add a document type',
        description:
          'A document your drivers hold (licence, insurance, ID...). The name is unique in your company whatever its case (409 `document_type_name_taken` on `name`). `required`: a driver without a valid one gets no trips; `has_expiry`: its uploads carry an expiry date.',
      },
      list: {
        summary: "Your company's document types",
        description:
          'Paging, sort (`name`, `required`, `has_expiry`, `status`, `created_at`; `-` for descending), search by name, `status=1` for active ones, `required=1` for required ones.',
      },
      delete: {
        summary: 'Delete a document type',
        description: "Refused with 409 `document_type_in_use` while a driver's document is of this type. The deletion is audited.",
      },
    },
  });
}
