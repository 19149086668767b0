// Connections a minute per client network for the SMTP listener: an MX is open to the whole internet,
// so one address opening connection after connection must be turned away before it is served.

/** Networks remembered before the expired ones are forgotten (their windows are over anyway). */
const PRUNE_AT = 10_000;

export class ConnectionRate {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a connection from `network`; false once it has had `max` in the current window. */
  allow(network: string): boolean {
    const now = this.now();
    if (this.#windows.size >= PRUNE_AT) this.#prune(now);
    const window = this.#windows.get(network);
    if (!window || now - window.start >= this.windowMs) {
      this.#windows.set(network, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.max;
  }

  #prune(now: number) {
    for (const [network, window] of this.#windows)
      if (now - window.start >= this.windowMs) this.#windows.delete(network);
  }
}
