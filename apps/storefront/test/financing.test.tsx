import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { financingScriptSrc } from '../src/features/catalogue/financing.ts';
import { FinancingSnippet } from '../src/features/catalogue/financing-snippet.tsx';

// React's act() in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('payment-financing snippet', () => {
  it('loads nothing when no script URL is configured', () => {
    expect(financingScriptSrc('IQ', undefined)).toBeNull();
    expect(financingScriptSrc('IQ', null)).toBeNull();
    expect(financingScriptSrc('IQ', '')).toBeNull();
    expect(financingScriptSrc('IQ', '   ')).toBeNull();
  });

  it('loads only in the iq store variant', () => {
    expect(financingScriptSrc('IQ', 'https://cdn.financing.example/widget.js')).toBe('https://cdn.financing.example/widget.js');
    expect(financingScriptSrc('VET', 'https://cdn.financing.example/widget.js')).toBeNull();
    expect(financingScriptSrc(undefined, 'https://cdn.financing.example/widget.js')).toBeNull();
  });

  it('accepts an https URL or a path on the store\'s own origin, nothing else', () => {
    expect(financingScriptSrc('IQ', ' /financing/widget.js ')).toBe('/financing/widget.js');
    expect(financingScriptSrc('IQ', 'http://cdn.financing.example/widget.js')).toBeNull();
    expect(financingScriptSrc('IQ', '//cdn.financing.example/widget.js')).toBeNull();
    expect(financingScriptSrc('IQ', 'javascript:alert(1)')).toBeNull();
    expect(financingScriptSrc('IQ', 'not a url')).toBeNull();
  });
});

describe('FinancingSnippet', () => {
  const render = async (element: React.ReactElement) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    await act(async () => root.render(element));
    return { host, unmount: () => act(async () => root.unmount()) };
  };
  beforeEach(() => document.querySelectorAll('script[data-financing-snippet]').forEach((s) => s.remove()));

  it('adds the partner script once, with the element it fills, in the iq store variant', async () => {
    const url = 'https://cdn.financing.example/widget.js';
    const first = await render(<FinancingSnippet amount={389900} currency="USD" storeType="IQ" scriptUrl={url} />);
    const second = await render(<FinancingSnippet amount={239900} currency="USD" storeType="IQ" scriptUrl={url} />);
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-financing-snippet]');
    expect([...scripts].map((s) => s.getAttribute('src'))).toEqual([url]);
    expect(first.host.querySelector('.financing')?.getAttribute('data-financing-amount')).toBe('389900');
    await first.unmount();
    await second.unmount();
  });

  it('renders and loads nothing in the vet store variant or without a configured script', async () => {
    for (const props of [{ storeType: 'VET', scriptUrl: 'https://cdn.financing.example/widget.js' }, { storeType: 'IQ', scriptUrl: '' }]) {
      const view = await render(<FinancingSnippet amount={100} currency="USD" {...props} />);
      expect(view.host.innerHTML).toBe('');
      expect(document.querySelectorAll('script[data-financing-snippet]')).toHaveLength(0);
      await view.unmount();
    }
  });
});
