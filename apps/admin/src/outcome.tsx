import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** What an action came to: done (a status line) or refused (an alert), in the console's words. */
export interface Said { error: boolean; text: string }

/** The one outcome the console shows: where it is said (a place on its page), on which page, and a count that makes a repeat a new announcement. */
interface Current extends Said { place: string; path: string; n: number }

interface Outcomes {
  current: Current | null;
  say: (place: string, said: Said | null, path?: string) => void;
}

const Context = createContext<Outcomes | null>(null);

/**
 * Every action of the console confirms its outcome once (issue 35): the console keeps one outcome at a time,
 * so a new action's answer replaces the last one's wherever that was said, an action that starts clears it,
 * and leaving the page drops it (a message meant for the page an action opens, such as a new draft's, stays).
 */
export function OutcomeProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const here = useRef(pathname);
  here.current = pathname;
  const [current, setCurrent] = useState<Current | null>(null);
  const count = useRef(0);
  useEffect(() => {
    setCurrent((c) => (c && c.path !== pathname ? null : c));
  }, [pathname]);
  const say = useCallback((place: string, said: Said | null, path?: string) => {
    count.current += 1;
    setCurrent(said ? { ...said, place, path: path ?? here.current, n: count.current } : null);
  }, []);
  const value = useMemo(() => ({ current, say }), [current, say]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useOutcomes(): Outcomes {
  const outcomes = useContext(Context);
  if (!outcomes) throw new Error('useOutcome needs the OutcomeProvider (layout.tsx)');
  return outcomes;
}

/** What an action at `place` says of its outcome: done, failed, or nothing yet (it started). */
export interface OutcomeOf {
  done: (text: string, options?: { path?: string }) => void;
  failed: (text: string) => void;
  clear: () => void;
}

export function useOutcome(place: string): OutcomeOf {
  const { say } = useOutcomes();
  return useMemo(() => ({
    done: (text: string, options?: { path?: string }) => say(place, { error: false, text }, options?.path),
    failed: (text: string) => say(place, { error: true, text }),
    clear: () => say(place, null),
  }), [say, place]);
}

/**
 * Where the outcome of the actions at `place` is said: a status line when done, an alert when refused; nothing
 * when the console's one outcome belongs to another place or page. Put it where it stays when the form that
 * acted goes (a form whose work is all done).
 */
export function Outcome({ place }: { place: string }) {
  const { current } = useOutcomes();
  const { pathname } = useLocation();
  if (!current || current.place !== place || current.path !== pathname) return null;
  return <p key={current.n} role={current.error ? 'alert' : 'status'} className={current.error ? 'error' : 'ok'} data-testid="outcome">{current.text}</p>;
}
