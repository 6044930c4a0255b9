/** The companies feature's lazy chunk (super admin): every screen of it, loaded when one is first opened. */
export { CompaniesListPage } from './CompaniesListPage';
export { CompanyCreatePage, CompanyEditPage } from './CompanyFormPage';
