import { useEffect, useRef, useState } from 'react';
import { gql, money } from '../api.ts';
import { useData } from '../use-data.ts';

interface MoneyTotal { currency: string; gross: number }
interface Report {
  days: Array<{ date: string; orders: number; totals: MoneyTotal[] }>;
  countries: Array<{ country: string; orders: number; totals: MoneyTotal[] }>;
  checkouts: number;
  converted: number;
}
const QUERY = 'query Report($days: Int) { salesReport(days: $days) { days { date orders totals { currency gross } } countries { country orders totals { currency gross } } checkouts converted } }';
const amounts = (totals: MoneyTotal[]) => totals.map((t) => money(t.gross, t.currency)).join(' · ') || '—';

/**
 * Sales per day and per country, and checkout conversion, over the last days. Charts (Chart.js, loaded
 * with this page only) for the eye; the same figures as tables for screen readers and exact reading.
 */
export function DashboardPage() {
  const [days, setDays] = useState(30);
  const { data, error } = useData(() => gql<{ salesReport: Report }>(QUERY, { days }).then((d) => d.salesReport), [days]);
  const rate = data && data.checkouts ? Math.round((data.converted / data.checkouts) * 1000) / 10 : null;
  return (
    <>
      <h1>Dashboard</h1>
      <div className="field inline"><label htmlFor="dash-days">Period</label>
        <select id="dash-days" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          <option value={7}>Last 7 days</option><option value={30}>Last 30 days</option><option value={90}>Last 90 days</option>
        </select></div>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <dl className="kpis" data-testid="kpis">
            <div><dt>Orders</dt><dd>{data.days.reduce((n, d) => n + d.orders, 0)}</dd></div>
            <div><dt>Checkouts started</dt><dd>{data.checkouts}</dd></div>
            <div><dt>Conversion (checkouts → orders)</dt><dd>{rate === null ? '—' : `${rate} %`}</dd></div>
          </dl>
          <section aria-labelledby="dash-days-title">
            <h2 id="dash-days-title">Orders per day</h2>
            <BarChart label="Orders per day" labels={data.days.map((d) => d.date)} values={data.days.map((d) => d.orders)} />
            <details><summary>The figures</summary>
              <table><thead><tr><th scope="col">Day (UTC)</th><th scope="col" className="num">Orders</th><th scope="col" className="num">Sales (gross)</th></tr></thead>
                <tbody>{data.days.map((d) => <tr key={d.date}><td>{d.date}</td><td className="num">{d.orders}</td><td className="num">{amounts(d.totals)}</td></tr>)}</tbody></table>
            </details>
          </section>
          <section aria-labelledby="dash-countries-title">
            <h2 id="dash-countries-title">Orders per country</h2>
            <BarChart label="Orders per country" labels={data.countries.map((c) => c.country)} values={data.countries.map((c) => c.orders)} />
            <table data-testid="sales-by-country"><thead><tr><th scope="col">Country</th><th scope="col" className="num">Orders</th><th scope="col" className="num">Sales (gross)</th></tr></thead>
              <tbody>{data.countries.map((c) => <tr key={c.country}><td>{c.country}</td><td className="num">{c.orders}</td><td className="num">{amounts(c.totals)}</td></tr>)}</tbody></table>
          </section>
        </>
      ) : error ? null : <p role="status">Loading…</p>}
    </>
  );
}

/** A bar chart drawn by Chart.js on a canvas; its figures are in the table beside it. */
function BarChart({ label, labels, values }: { label: string; labels: string[]; values: number[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (!live || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: [{ label, data: values, backgroundColor: '#0b5cad', maxBarThickness: 48 }] },
        options: { animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [label, labels.join(), values.join()]);
  return <div className="chart"><canvas ref={canvas} role="img" aria-label={`${label}: the figures are in the table below`} /></div>;
}
