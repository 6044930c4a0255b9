/** The packages feature's lazy chunk: the list and the add / edit form. */
export { PackageCreatePage, PackageEditPage } from './PackageFormPage';
export { PackagesListPage } from './PackagesListPage';
