/**
 * In a partner's frame (an embedded marketing form) the browser may deny this origin its storage
 * (third-party storage blocked): reading `localStorage` or `sessionStorage` then throws. The page
 * needs none of it to work, so each store that cannot be read is replaced, for this page only, by one
 * kept in memory. Imported first by the forms entry, before any module touches storage.
 */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

export function guardStorage(target: Window = window): string[] {
  const replaced: string[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      void target[name].length;
    } catch {
      Object.defineProperty(target, name, { value: memoryStorage(), configurable: true });
      replaced.push(name);
    }
  }
  return replaced;
}

if (typeof window !== 'undefined') guardStorage();
