import { Link } from 'react-router';
import { gql } from '../api.ts';
import { useData } from '../use-data.ts';

interface ProductSummary { id: number; slug: string; name: string; category: string; variants: number; published: number }
const LIST = '{ products { id slug name category variants published } }';

/** Every product of the catalogue, with how many of its variants the store shows; each opens its page. */
export function ProductsPage() {
  const { data, error } = useData(() => gql<{ products: ProductSummary[] }>(LIST).then((d) => d.products), []);
  return (
    <>
      <h1>Products</h1>
      <p>Names and descriptions in the 14 catalogue languages, SKUs, publication and stock. Prices are on the <Link to="/prices">price page</Link>, tax rates on <Link to="/taxes">tax rates</Link>.</p>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <table>
          <caption className="visually-hidden">Products in catalogue order</caption>
          <thead><tr><th scope="col">Product</th><th scope="col">Address</th><th scope="col">Category</th><th scope="col" className="num">Variants in the store</th></tr></thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.id}>
                <td><Link to={`/products/${p.id}`}>{p.name}</Link></td><td>{p.slug}</td><td>{p.category}</td>
                <td className="num">{p.published} of {p.variants}{p.published < p.variants ? <span className="error"> · {p.variants - p.published} unpublished</span> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : error ? null : <p role="status">Loading…</p>}
    </>
  );
}
