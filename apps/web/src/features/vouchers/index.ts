/** The vouchers feature's lazy chunk: the list and the add / edit form. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { VoucherCreatePage, VoucherEditPage, VouchersListPage } from './screens';
