/** The words of the invoice and quote PDFs (English); words-translations.ts has the other store languages. */
export interface DocumentWords {
  invoice: string;
  quote: string;
  /** File name stem: `{file}-{number}.pdf` (ASCII-friendly where the language allows). */
  invoiceFile: string;
  quoteFile: string;
  invoiceNumber: string;
  quoteNumber: string;
  orderNumber: string;
  date: string;
  dueDate: string;
  validUntil: string;
  payment: string;
  billTo: string;
  shipTo: string;
  preparedFor: string;
  vatNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  /** Column of the tax rate: `{tax}` is the tax's name (VAT or tax). */
  rate: string;
  amount: string;
  /** `{tax}`: amounts without it. */
  excluding: string;
  /** The same where the tax is not a VAT (sales tax). */
  excludingTax: string;
  subtotal: string;
  voucher: string;
  tradeIn: string;
  shipping: string;
  total: string;
  vat: string;
  tax: string;
  free: string;
  reverseCharge: string;
  card: string;
  paid: string;
  processing: string;
  dueBy: string;
  unpaid: string;
  payAt: string;
  quoteNote: string;
  comment: string;
  currencyNote: string;
}

export const en: DocumentWords = {
  invoice: 'Invoice',
  quote: 'Quote',
  invoiceFile: 'invoice',
  quoteFile: 'quote',
  invoiceNumber: 'Invoice number',
  quoteNumber: 'Quote number',
  orderNumber: 'Order number',
  date: 'Date',
  dueDate: 'Payment due',
  validUntil: 'Valid until',
  payment: 'Payment',
  billTo: 'Bill to',
  shipTo: 'Ship to',
  preparedFor: 'Prepared for',
  vatNumber: 'VAT number',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  rate: '{tax} rate',
  amount: 'Amount',
  excluding: 'Amounts excluding {tax}.',
  excludingTax: 'Amounts excluding tax.',
  subtotal: 'Subtotal',
  voucher: 'Voucher {code}',
  tradeIn: 'Trade-in credit',
  shipping: 'Shipping',
  total: 'Total',
  vat: 'VAT',
  tax: 'Tax',
  free: 'Free',
  reverseCharge: 'Reverse charge: VAT is to be accounted for by the customer (Article 196, Council Directive 2006/112/EC).',
  card: 'Card',
  paid: 'Paid',
  processing: 'Being confirmed by your bank',
  dueBy: 'Due by {date}',
  unpaid: 'Not paid',
  payAt: 'Pay by card at {url}',
  quoteNote: 'Pay by card by {date} at the address below. Once it is paid, we send you the invoice by e-mail.',
  comment: 'Comment',
  currencyNote: 'All amounts in {currency}.',
};
