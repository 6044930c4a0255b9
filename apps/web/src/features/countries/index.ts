/** The countries screen's lazy chunk (one page, at a company's path and at the organisation's). */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { CompanyCountriesPage, OrgCountriesPage } from './CountriesPage';
