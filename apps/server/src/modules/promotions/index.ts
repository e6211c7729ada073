/** Promotions staff run: voucher codes (the code-less student prices are catalogue data). */
export { createVoucher, listVouchers, setVoucherActive, type VoucherError, type VoucherInput, type VoucherRow } from './vouchers.ts';
