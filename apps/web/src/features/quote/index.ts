/** The quote feature's lazy chunk. */
export { QuotePage } from './QuotePage';
