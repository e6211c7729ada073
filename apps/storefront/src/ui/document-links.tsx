import { useIntl } from 'react-intl';

/**
 * Download links to an order's PDFs, served by the store at /documents/{kind}/{orderToken}.pdf to whoever
 * holds the order's token: the invoice of every order, the quote of one placed on an electronic quote, and
 * the credit note of each refund (at /documents/credit-note/{orderToken}/{number}.pdf).
 */
export function DocumentLinks({ orderToken, number, quote, creditNotes = [] }: { orderToken: string; number: string; quote: boolean; creditNotes?: readonly string[] }) {
  const intl = useIntl();
  return (
    <>
      {quote ? <a href={`/documents/quote/${orderToken}.pdf`} download data-testid="quote-pdf">{intl.formatMessage({ id: 'documents.quote' }, { number })}</a> : null}
      <a href={`/documents/invoice/${orderToken}.pdf`} download data-testid="invoice-pdf">{intl.formatMessage({ id: 'documents.invoice' }, { number })}</a>
      {creditNotes.map((note) => <a key={note} href={`/documents/credit-note/${orderToken}/${note}.pdf`} download data-testid="credit-note-pdf">{intl.formatMessage({ id: 'documents.creditNote' }, { number: note })}</a>)}
    </>
  );
}
