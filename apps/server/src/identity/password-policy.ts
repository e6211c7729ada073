import { readFileSync } from 'node:fs';
import { PASSWORD_MAX, PASSWORD_MIN } from './users.ts';

/** Why a new password is refused: too short or long, built on the account's e-mail or name, or among those attackers try first. */
export type PasswordProblem = 'short' | 'long' | 'personal' | 'common';

/** Whom the password is for: its e-mail address and name are not to be part of it. */
export interface PasswordOwner {
  email?: string | undefined;
  name?: string | undefined;
}

/**
 * What is wrong with a new password (sign-up, reset, the first owner's), or null when it may be used.
 * Offline, no scoring library: a password is refused when fewer than MIN_GUESSES would find it, read as
 * pieces attackers try first: the 49k passwords most often found in leaks (common-passwords.txt, zxcvbn's
 * list; also with letters swapped for look-alikes, `P@ssw0rd2024`), years, keyboard and alphabet runs,
 * repeats (`1212121212`, `dragondragon`). Also when it holds the account's e-mail or name with too little
 * else (`anna.kowalska2024` for anna.kowalska@…). A phrase of a few ordinary words passes.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN) return 'short';
  if (password.length > PASSWORD_MAX) return 'long';
  const text = password.normalize('NFKC').toLowerCase();
  const { local, words } = personalWords(owner);
  const compact = (v: string) => v.replace(/[^\p{L}\p{N}]+/gu, '');
  if (local.length >= 4 && (text.includes(local) || compact(text).includes(compact(local)))) return 'personal';
  if (isGuessable(text, [])) return 'common';
  if (words.length && isGuessable(text, words)) return 'personal';
  return null;
}

/** Fewer estimated guesses than this is refused: zxcvbn's score 3, "safely unguessable" against an offline attack on slow hashes. */
export const MIN_GUESSES = 1e8;

let ranks: Map<string, number> | undefined;

/** The list with each password's rank (1 = most common), read on the first password checked (about 3 MB of heap, 15 ms once). */
function commonRanks(): Map<string, number> {
  if (!ranks) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    const list = text.slice(text.indexOf('\n\n') + 2).split('\n').filter(Boolean);
    ranks = new Map(list.map((word, i) => [word, i + 1]));
    // The store's own name, as attackers of this store would try it first.
    for (const word of ['probe', 'probestore', 'probeiq']) ranks.set(word, 1);
  }
  return ranks;
}

const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
const unleet = (s: string) => s.replace(/[0134578@$!|+]/g, (c) => LOOK_ALIKES[c] ?? c);
const ROWS = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/', 'abcdefghijklmnopqrstuvwxyz', '0123456789'];
/** Neighbours on a keyboard row or in the alphabet, either way: `as`, `sa`, `45`. */
const NEIGHBOURS = new Set(ROWS.flatMap((row) => [...row].slice(1).flatMap((c, i) => [`${row[i]}${c}`, `${c}${row[i]}`])));
const LONGEST_WORD = 20;

/**
 * The fewest guesses that find the password when it is read as a sequence of pieces an attacker tries
 * (listed passwords, years, digits, keyboard or alphabet runs, repeated characters, and otherwise single
 * characters): zxcvbn's idea, without its weighting of the number of pieces. Stops at `enough`: the
 * estimate never falls once every way to the current character costs that much (a 200-character
 * password costs well under a millisecond).
 */
export function estimateGuesses(password: string, personal: readonly string[] = [], enough = Infinity): number {
  const s = password.normalize('NFKC').toLowerCase();
  const look = unleet(s);
  const list = commonRanks();
  const best: number[] = [1];
  for (let i = 1; i <= s.length; i++) {
    const c = s[i - 1]!;
    let here = best[i - 1]! * (/\p{L}/u.test(c) ? 26 : /[\d\s._-]/.test(c) ? 10 : 33);
    // Pieces s[j, i), longest last: still digits, still a run, still one character repeated.
    let digits = /\d/.test(c);
    let run = true;
    let same = true;
    for (let j = i - 2; j >= Math.max(0, i - LONGEST_WORD); j--) {
      const n = i - j;
      digits &&= /\d/.test(s[j]!);
      run &&= NEIGHBOURS.has(s.slice(j, j + 2));
      same &&= s[j] === c;
      const piece = s.slice(j, i);
      let cost = personal.includes(piece) ? 1 : list.get(piece) ?? 2 * (list.get(look.slice(j, i)) ?? Infinity);
      if (digits) cost = Math.min(cost, n === 4 && /^(19|20)/.test(s.slice(j, i)) ? 100 : 10 ** n);
      if (run && n >= 3) cost = Math.min(cost, 4 * n);
      if (same && n >= 3) cost = Math.min(cost, 10 * n);
      if (cost < Infinity) here = Math.min(here, best[j]! * cost);
    }
    best[i] = here;
    if (i >= LONGEST_WORD && best.slice(i - LONGEST_WORD, i + 1).every((b) => b >= enough)) return here;
  }
  return best[s.length]!;
}

function isGuessable(s: string, personal: readonly string[]): boolean {
  const compact = s.replace(/\s+/g, '');
  if (new Set(compact).size <= 3) return true;
  // One unit again and again: `abcabcabcabc`, `dragon dragon`.
  const unit = /^(.+?)\1+$/su.exec(compact)?.[1];
  if (unit && (unit.length <= 4 || estimateGuesses(unit, personal, MIN_GUESSES) < MIN_GUESSES)) return true;
  return estimateGuesses(s, personal, MIN_GUESSES) < MIN_GUESSES;
}

/** The e-mail's local part, and the words of it and of the name: `anna`, `kowalska` of `anna.kowalska2024@…` and "Anna Kowalska". */
function personalWords(owner: PasswordOwner): { local: string; words: string[] } {
  const local = (owner.email ?? '').split('@')[0]!.normalize('NFKC').toLowerCase();
  const parts = `${local} ${(owner.name ?? '').normalize('NFKC').toLowerCase()}`.split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u);
  return { local, words: [...new Set(parts.filter((w) => [...w].length >= 3 && /\p{L}/u.test(w)))] };
}
