/** The agencies feature's lazy chunk: the company's agencies and their statements, and the organisation's core agencies. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { AgencyStatementPage } from './AgencyStatementPage';
export {
  AgenciesListPage,
  AgencyCreatePage,
  AgencyEditPage,
  CoreAgenciesPage,
  CoreAgencyCreatePage,
  CoreAgencyEditPage,
} from './screens';
