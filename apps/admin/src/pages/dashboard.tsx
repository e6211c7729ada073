import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { gql } from '../api.ts';
import { useText, type Text } from '../i18n/text.ts';
import { useData } from '../use-data.ts';

interface MoneyTotal { currency: string; gross: number; refunded: number; net: number }
interface Report {
  days: Array<{ date: string; orders: number; totals: MoneyTotal[] }>;
  countries: Array<{ country: string; orders: number; totals: MoneyTotal[] }>;
  checkouts: number;
  converted: number;
}
const QUERY = 'query Report($days: Int) { salesReport(days: $days) { days { date orders totals { currency gross refunded net } } countries { country orders totals { currency gross refunded net } } checkouts converted } }';
const amounts = (totals: MoneyTotal[], { money }: Text, kind: 'net' | 'refunded' = 'net') => totals.map((t) => money(t[kind], t.currency)).join(' · ') || '—';
/** The period's net sales per currency (never added across currencies). */
function periodTotals(days: Report['days']): MoneyTotal[] {
  const by = new Map<string, MoneyTotal>();
  for (const t of days.flatMap((d) => d.totals)) {
    const sum = by.get(t.currency) ?? { currency: t.currency, gross: 0, refunded: 0, net: 0 };
    by.set(t.currency, { currency: t.currency, gross: sum.gross + t.gross, refunded: sum.refunded + t.refunded, net: sum.net + t.net });
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * Sales per day and per country, and checkout conversion, over the last days. Charts (Chart.js, loaded
 * with this page only) for the eye; the same figures as tables for screen readers and exact reading.
 */
export function DashboardPage() {
  const text = useText();
  const { t, number, day } = text;
  const [days, setDays] = useState(30);
  const { data, error } = useData(() => gql<{ salesReport: Report }>(QUERY, { days }).then((d) => d.salesReport), [days]);
  const rate = data && data.checkouts ? Math.round((data.converted / data.checkouts) * 1000) / 10 : null;
  return (
    <>
      <h1><FormattedMessage id="dashboard.title" /></h1>
      <div className="field inline"><label htmlFor="dash-days"><FormattedMessage id="dashboard.period" /></label>
        <select id="dash-days" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[7, 30, 90].map((n) => <option key={n} value={n}>{t('dashboard.lastDays', { days: n })}</option>)}
        </select></div>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <dl className="kpis" data-testid="kpis">
            <div><dt><FormattedMessage id="dashboard.kpi.orders" /></dt><dd>{number(data.days.reduce((n, d) => n + d.orders, 0))}</dd></div>
            <div><dt><FormattedMessage id="dashboard.kpi.netSales" /></dt><dd data-testid="net-sales">{amounts(periodTotals(data.days), text)}</dd></div>
            <div><dt><FormattedMessage id="dashboard.kpi.checkouts" /></dt><dd>{number(data.checkouts)}</dd></div>
            <div><dt><FormattedMessage id="dashboard.kpi.conversion" /></dt><dd>{rate === null ? '—' : t('dashboard.kpi.conversionRate', { rate })}</dd></div>
          </dl>
          <p className="hint"><FormattedMessage id="dashboard.salesNote" /></p>
          <section aria-labelledby="dash-days-title">
            <h2 id="dash-days-title"><FormattedMessage id="dashboard.perDay" /></h2>
            <BarChart label={t('dashboard.perDay')} labels={data.days.map((d) => day(d.date, 'short'))} values={data.days.map((d) => d.orders)} />
            <details><summary><FormattedMessage id="dashboard.figures" /></summary>
              <table><thead><tr><th scope="col"><FormattedMessage id="dashboard.column.day" /></th><th scope="col" className="num"><FormattedMessage id="dashboard.column.orders" /></th>
                <th scope="col" className="num"><FormattedMessage id="dashboard.column.refunded" /></th><th scope="col" className="num"><FormattedMessage id="dashboard.column.sales" /></th></tr></thead>
                <tbody>{data.days.map((d) => <tr key={d.date}><td>{day(d.date)}</td><td className="num">{number(d.orders)}</td><td className="num">{amounts(d.totals, text, 'refunded')}</td><td className="num">{amounts(d.totals, text)}</td></tr>)}</tbody></table>
            </details>
          </section>
          <section aria-labelledby="dash-countries-title">
            <h2 id="dash-countries-title"><FormattedMessage id="dashboard.perCountry" /></h2>
            <BarChart label={t('dashboard.perCountry')} labels={data.countries.map((c) => c.country)} values={data.countries.map((c) => c.orders)} />
            <table data-testid="sales-by-country"><thead><tr><th scope="col"><FormattedMessage id="dashboard.column.country" /></th><th scope="col" className="num"><FormattedMessage id="dashboard.column.orders" /></th>
              <th scope="col" className="num"><FormattedMessage id="dashboard.column.refunded" /></th><th scope="col" className="num"><FormattedMessage id="dashboard.column.sales" /></th></tr></thead>
              <tbody>{data.countries.map((c) => <tr key={c.country}><td>{c.country}</td><td className="num">{number(c.orders)}</td><td className="num">{amounts(c.totals, text, 'refunded')}</td><td className="num">{amounts(c.totals, text)}</td></tr>)}</tbody></table>
          </section>
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}

/** A bar chart drawn by Chart.js on a canvas; its figures are in the table beside it. */
function BarChart({ label, labels, values }: { label: string; labels: string[]; values: number[] }) {
  const { t } = useText();
  const locale = useIntl().locale;
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (!live || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: [{ label, data: values, backgroundColor: '#0b5cad', maxBarThickness: 48 }] },
        options: { locale, animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [locale, label, labels.join(), values.join()]);
  return <div className="chart"><canvas ref={canvas} role="img" aria-label={t('dashboard.chartLabel', { chart: label })} /></div>;
}
