import type { ReactNode } from 'react';
import './card-brand-mark.css';

/**
 * A payment method's mark, drawn inline (no image request, sharp at any zoom) at one fixed size so it
 * stays readable on a phone: the card brands the gateway names, a generic card for any other, and a bank
 * for debits and bank accounts. `label` is its accessible name (the brand as its owner writes it).
 */
export function CardBrandMark({ brand, label }: { brand: string | null; label: string }) {
  const key = (brand ?? '').toLowerCase();
  const mark = MARKS[key] ?? (key === 'bank' ? BANK : CARD);
  return (
    <svg className="card-mark" role="img" aria-label={label} viewBox="0 0 38 24" width="38" height="24" focusable="false">
      <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#c3ccd6" />
      {mark}
    </svg>
  );
}

const word = (text: string, fill: string, size: number, y = 15.5, weight = 800, style?: 'italic') => (
  <text x="19" y={y} textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize={size} fontWeight={weight} fontStyle={style} fill={fill}>{text}</text>
);

const CARD: ReactNode = (
  <g fill="none" stroke="#4a5868" strokeWidth="1.4">
    <rect x="9" y="6" width="20" height="13" rx="2" />
    <path d="M9 10h20M12 15.5h5" />
  </g>
);

const BANK: ReactNode = (
  <g fill="#4a5868">
    <path d="M19 4.5 29 9v1.5H9V9z" />
    <rect x="11" y="11.5" width="2" height="6" /><rect x="16" y="11.5" width="2" height="6" /><rect x="20" y="11.5" width="2" height="6" /><rect x="25" y="11.5" width="2" height="6" />
    <rect x="9" y="18" width="20" height="1.8" />
  </g>
);

const MARKS: Record<string, ReactNode> = {
  visa: word('VISA', '#1a1f71', 11, 16, 900, 'italic'),
  mastercard: (
    <g>
      <circle cx="15.5" cy="12" r="6.5" fill="#eb001b" />
      <circle cx="22.5" cy="12" r="6.5" fill="#f79e1b" />
      <path d="M19 6.5a6.5 6.5 0 0 1 0 11 6.5 6.5 0 0 1 0-11z" fill="#ff5f00" />
    </g>
  ),
  amex: (
    <g>
      <rect x="2" y="2" width="34" height="20" rx="2.5" fill="#016fd0" />
      {word('AMEX', '#fff', 9.5, 15)}
    </g>
  ),
  discover: (
    <g>
      {word('DISCOVER', '#231f20', 5.8, 14)}
      <rect x="4" y="17" width="30" height="2" fill="#f48120" />
    </g>
  ),
  diners: (
    <g fill="none" stroke="#0079be" strokeWidth="1.6"><circle cx="19" cy="12" r="6.5" /><path d="M16.5 7.5v9M21.5 7.5v9" /></g>
  ),
  jcb: word('JCB', '#0b4ea2', 10),
  unionpay: word('UnionPay', '#d10429', 6.5, 14.5),
};
