/** The additional services feature's lazy chunk: the list and the add / edit form. */
export { AdditionalServiceCreatePage, AdditionalServiceEditPage } from './AdditionalServiceFormPage';
export { AdditionalServicesListPage } from './AdditionalServicesListPage';
