/** The agencies feature's lazy chunk: the company's agencies and their statements, and the organisation's core agencies. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { AgenciesListPage } from './AgenciesListPage';
export { AgencyCreatePage, AgencyEditPage, CoreAgencyCreatePage, CoreAgencyEditPage } from './AgencyFormPage';
export { AgencyStatementPage } from './AgencyStatementPage';
export { CoreAgenciesPage } from './CoreAgenciesPage';
