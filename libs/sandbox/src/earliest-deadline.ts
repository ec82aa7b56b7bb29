/**
 * One timer for many deadlines, armed for the earliest of them: the gate's waiters and a worker's
 * invocations each used to hold a timer made and cleared per call, a measurable share of the host's
 * work under load. The owner keeps the deadlines; on `fire(due)` it ends what is due by then and
 * arms again for the earliest deadline left.
 */
export class EarliestDeadline {
  private timer: NodeJS.Timeout | null = null;
  /** The deadline the timer is armed for (Date.now() ms). */
  private at = 0;

  constructor(private readonly fire: (due: number) => void) {}

  /** Makes the timer fire by `deadline` (it may already fire earlier, for an earlier one). */
  arm(deadline: number): void {
    if (this.timer) {
      if (this.at <= deadline) return;
      clearTimeout(this.timer);
    }
    this.at = deadline;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.fire(Math.max(this.at, Date.now()));
    }, Math.max(1, deadline - Date.now()));
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
