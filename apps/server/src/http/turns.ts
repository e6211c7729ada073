/** Refused when this many are already waiting: the caller is told to come back (503, Retry-After). */
export class TurnsFull extends Error {
  constructor() {
    super('too many operations waiting');
  }
}

/**
 * Operations taking turns with the event loop (issue 37, decision 0051): at most `perTurn` start per turn of
 * the loop, at most `atOnce` run together, the others wait in the order they came (at most `maxWaiting`).
 *
 * On the embedded database every statement runs on the thread that serves HTTP, with nothing to wait for in
 * between, so an operation runs from its request to its answer without letting the loop go round. Node
 * accepts one new connection per turn of its loop; the 30–40 requests that arrived together were all answered
 * within one turn of 150–250 ms, so at 50 connections a new visitor's connection waited seconds to be accepted
 * while the requests already in were answered in milliseconds. One operation per turn keeps a turn to one
 * operation's few milliseconds; the database ran one statement at a time anyway.
 */
export class Turns {
  #running = 0;
  /** Operations started in this turn of the loop; cleared by the tick the start scheduled. */
  #startedThisTurn = 0;
  #ticking = false;
  readonly #waiting: Array<() => void> = [];

  constructor(
    private readonly atOnce: number,
    private readonly maxWaiting: number,
    /** How many may start in one turn (1 on the embedded database; 2 on PostgreSQL, decision 0051's revision). */
    private readonly perTurn = 1,
  ) {}

  /** Runs `work` in its turn; throws TurnsFull, running nothing, when too many wait already. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (!this.#waiting.length && this.#running < this.atOnce && this.#startedThisTurn < this.perTurn) this.#start();
    else if (this.#waiting.length >= this.maxWaiting) throw new TurnsFull();
    else await new Promise<void>((resolve) => (this.#waiting.push(resolve), this.#schedule()));
    try {
      return await work();
    } finally {
      this.#running--;
      if (this.#waiting.length) this.#schedule();
    }
  }

  /** Operations running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  #start(): void {
    this.#running++;
    this.#startedThisTurn++;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#ticking) return;
    this.#ticking = true;
    setImmediate(this.#tick);
  }

  /** Once per turn of the loop while operations start or wait: a new turn, and the next waiting ones started. */
  readonly #tick = () => {
    this.#ticking = false;
    this.#startedThisTurn = 0;
    while (this.#waiting.length && this.#running < this.atOnce && this.#startedThisTurn < this.perTurn) {
      this.#start();
      this.#waiting.shift()!();
    }
  };
}
