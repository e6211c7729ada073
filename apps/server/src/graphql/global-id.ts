/** Saleor-style global ids: base64("Type:id"), so cache keys are type-qualified and opaque. */
export function toGlobalId(type: string, id: number | string): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}

export function fromGlobalId(globalId: string, expectedType: string): number | null {
  const [type, id] = Buffer.from(globalId, 'base64').toString('utf8').split(':');
  const n = Number(id);
  return type === expectedType && Number.isSafeInteger(n) && n > 0 ? n : null;
}
