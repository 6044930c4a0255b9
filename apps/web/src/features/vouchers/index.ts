/** The vouchers feature's lazy chunk: the list and the add / edit form. */
export { VoucherCreatePage, VoucherEditPage } from './VoucherFormPage';
export { VouchersListPage } from './VouchersListPage';
