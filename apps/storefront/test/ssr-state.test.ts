import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reviveErrors, serializeErrors, toScriptJson } from '../src/app/ssr-state.ts';

describe('SSR state', () => {
  it('cannot close its <script> element early, whatever the catalogue or product text holds', () => {
    const json = toScriptJson({ name: '</script><script>alert(1)</script><!--', sep: '\u2028' });
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--', sep: '\u2028' });
  });

  it('revives route errors so the browser hydrates the same error screen', () => {
    const serialized = serializeErrors({
      store: { status: 500, statusText: 'Internal Server Error', internal: false, data: { message: 'Failed to load shop', errorId: 'id-1' } },
      other: new Error('boom'),
    });
    const revived = reviveErrors(JSON.parse(JSON.stringify(serialized)))!;
    expect(isRouteErrorResponse(revived.store)).toBe(true);
    expect(revived.store).toMatchObject({ status: 500, data: { errorId: 'id-1' } });
    expect(revived.other).toBeInstanceOf(Error);
  });
});
