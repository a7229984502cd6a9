/** An overall time limit that every step of the bench takes its timeout from. */
export class Deadline {
  private readonly end: number;

  constructor(ms: number) {
    this.end = Date.now() + ms;
  }

  /** The timeout for one step: `stepMs`, or less when less is left. Throws when nothing is left. */
  step(stepMs: number): number {
    const left = this.end - Date.now();
    if (left <= 0) throw new Error('the bench ran over its overall time limit (--limit-minutes)');
    return Math.min(stepMs, left);
  }
}
