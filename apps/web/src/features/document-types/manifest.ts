import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const documentTypesFeature = defineFeature({
  name: 'document-types',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/document-types', page: 'DocumentTypesListPage', permission: 'document_types.view' },
    { scope: 'company', path: '/document-types/new', page: 'DocumentTypeCreatePage', permission: 'document_types.create' },
    { scope: 'company', path: '/document-types/$documentTypeId/edit', page: 'DocumentTypeEditPage', permission: 'document_types.update' },
  ],
  nav: [{ scope: 'company', path: '/document-types', title: 'documentTypes.title', icon: 'certificate', group: 'ground' }],
  navTitles: { en: navEn, ta: navTa },
});
