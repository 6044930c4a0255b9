/** The companies feature's lazy chunk (super admin): every screen of it, loaded when one is first opened. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { CompanyCreatePage, CompanyEditPage } from './CompanyFormPage';
export { CompaniesListPage } from './screens';
