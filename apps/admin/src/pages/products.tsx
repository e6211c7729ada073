import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { gql } from '../api.ts';
import { useText } from '../i18n/text.ts';
import { useData } from '../use-data.ts';

interface ProductSummary { id: number; slug: string; name: string; category: string; variants: number; published: number }
const LIST = '{ products { id slug name category variants published } }';

/** Every product of the catalogue, with how many of its variants the store shows; each opens its page. */
export function ProductsPage() {
  const { t } = useText();
  const { data, error } = useData(() => gql<{ products: ProductSummary[] }>(LIST).then((d) => d.products), []);
  return (
    <>
      <h1><FormattedMessage id="products.title" /></h1>
      <p><FormattedMessage id="products.intro" values={{ languages: 14, prices: (chunks) => <Link to="/prices">{chunks}</Link>, taxes: (chunks) => <Link to="/taxes">{chunks}</Link> }} /></p>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <table>
          <caption className="visually-hidden"><FormattedMessage id="products.caption" /></caption>
          <thead><tr><th scope="col"><FormattedMessage id="products.column.product" /></th><th scope="col"><FormattedMessage id="products.column.address" /></th>
            <th scope="col"><FormattedMessage id="products.column.category" /></th><th scope="col" className="num"><FormattedMessage id="products.column.variants" /></th></tr></thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.id}>
                <td><Link to={`/products/${p.id}`}>{p.name}</Link></td><td>{p.slug}</td><td>{p.category}</td>
                <td className="num">{t('products.publishedOf', { published: p.published, variants: p.variants })}{p.published < p.variants ? <span className="error"> · {t('products.unpublished', { count: p.variants - p.published })}</span> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}
