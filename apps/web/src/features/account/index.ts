/** The account feature's lazy chunk. */
export { AccountPage } from './AccountPage';
