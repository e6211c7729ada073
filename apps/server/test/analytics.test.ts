import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const CREATE = `mutation AnalyticsEventCreate($input: AnalyticsEventInput!) { analyticsEventCreate(input: $input) { recorded errors { field code message } } }`;
type Answer = { analyticsEventCreate: { recorded: boolean; errors: Array<{ field: string; code: string }> } };

const event = (name: string, body: object, overrides: Record<string, unknown> = {}) => ({
  anonymousId: '2f1c7d3e-9a41-4f0e-8d52-6a1b0c9e7f31',
  userId: null,
  eventData: { name, body: JSON.stringify(body), timestamp: new Date().toISOString(), context: { page: { path: '/us/en/cart/', url: 'http://store.test/us/en/cart/' } }, ...overrides },
});

/** Spec §7: the analytics mutation, the server-side copy of the data layer's events. */
describe(`analytics events (${DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());
  const rows = () => app.database.db.select().from(schema.analyticsEvents);
  const send = async (input: object) => (await app.gql<Answer>(CREATE, { input })).body.data!.analyticsEventCreate;

  it('stores a page view with who, what and where', async () => {
    expect(await send(event('page_view', { pageName: 'cart' }))).toEqual({ recorded: true, errors: [] });
    const [row] = (await rows()).filter((r) => r.name === 'page_view');
    expect(row).toMatchObject({ anonymousId: '2f1c7d3e-9a41-4f0e-8d52-6a1b0c9e7f31', body: { pageName: 'cart' }, pagePath: '/us/en/cart/', pageUrl: 'http://store.test/us/en/cart/' });
  });

  it('refuses an unknown event, a body that is not a JSON object or over 8 KB, a stale timestamp, a bad page, each by its field, and stores nothing', async () => {
    const before = (await rows()).length;
    const answers = await Promise.all([
      send(event('page_viewed', {})),
      send({ ...event('page_view', {}), eventData: { ...event('page_view', {}).eventData, body: '[1,2]' } }),
      send(event('page_view', { padding: 'x'.repeat(9000) })),
      send(event('page_view', {}, { timestamp: '2020-01-01T00:00:00Z' })),
      send(event('page_view', {}, { context: { page: { path: 'cart', url: 'not a url' } } })),
      send({ ...event('page_view', {}), anonymousId: 'x' }),
    ]);
    expect(answers.map((a) => [a.recorded, a.errors.map((e) => e.field)])).toEqual([
      [false, ['eventData.name']],
      [false, ['eventData.body']],
      [false, ['eventData.body']],
      [false, ['eventData.timestamp']],
      [false, ['eventData.context.page.path', 'eventData.context.page.url']],
      [false, ['anonymousId']],
    ]);
    expect((await rows()).length).toBe(before);
  });

  it('stores an order\'s purchase once, however often it is sent', async () => {
    const purchase = event('order_completed', { ecommerce: { transaction_id: 'ORD-1001', value: 39, currency: 'USD' } });
    const answers = await Promise.all([send(purchase), send(purchase), send(purchase)]);
    expect(answers.every((a) => a.recorded)).toBe(true);
    expect((await rows()).filter((r) => r.name === 'order_completed')).toHaveLength(1);
    await send(event('order_completed', { ecommerce: { transaction_id: 'ORD-1002', value: 49, currency: 'USD' } }));
    expect((await rows()).filter((r) => r.name === 'order_completed')).toHaveLength(2);
  });
});
