import { useIntl } from 'react-intl';

/**
 * Download links to an order's PDFs, served by the store at /documents/{kind}/{orderToken}.pdf to whoever
 * holds the order's token: the invoice of every order, and the quote of one placed on an electronic quote.
 */
export function DocumentLinks({ orderToken, number, quote }: { orderToken: string; number: string; quote: boolean }) {
  const intl = useIntl();
  return (
    <>
      {quote ? <a href={`/documents/quote/${orderToken}.pdf`} download data-testid="quote-pdf">{intl.formatMessage({ id: 'documents.quote' }, { number })}</a> : null}
      <a href={`/documents/invoice/${orderToken}.pdf`} download data-testid="invoice-pdf">{intl.formatMessage({ id: 'documents.invoice' }, { number })}</a>
    </>
  );
}
