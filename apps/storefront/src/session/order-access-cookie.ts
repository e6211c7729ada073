/** Spec §9: the order data access parameter and its cookie (1 day, path /). */
const ORDER_DATA_ACCESS_TOKEN = 'orderDataAccessToken';
const ORDER_ACCESS_COOKIE_MAX_AGE = 24 * 60 * 60;

export function orderAccessCookie(token: string): string {
  return `${ORDER_DATA_ACCESS_TOKEN}=${encodeURIComponent(token)}; Path=/; Max-Age=${ORDER_ACCESS_COOKIE_MAX_AGE}; SameSite=Lax; Secure`;
}

export function setOrderAccessToken(token: string, doc: Pick<Document, 'cookie'> = document): void {
  doc.cookie = orderAccessCookie(token);
}
