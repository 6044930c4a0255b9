/** The bands feature's lazy chunk: the list and the add / edit form. */
export { BandCreatePage, BandEditPage } from './BandFormPage';
export { BandsListPage } from './BandsListPage';
