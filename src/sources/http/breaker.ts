/**
 * A circuit breaker per source: after `threshold` consecutive failures the source is marked
 * unavailable for `cooldownMs`; requests then fail fast instead of waiting on a dead host. After
 * the cool-down one trial request is let through (half-open); success closes the circuit.
 */
import type { Clock } from '../../engine/ports';

export type BreakerState = 'closed' | 'open' | 'half_open';

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;

  constructor(
    private readonly clock: Clock,
    readonly threshold = 3,
    readonly cooldownMs = 5 * 60_000,
  ) {}

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.clock.now().getTime() - this.openedAt >= this.cooldownMs ? 'half_open' : 'open';
  }

  /** Whether a request may go out now; in half-open state only one trial at a time. */
  allow(): boolean {
    const s = this.state;
    if (s === 'closed') return true;
    if (s === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** A request that ended without a verdict on the host (cancelled, refused by robots.txt). */
  release(): void {
    this.trialInFlight = false;
  }

  success(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  /** Returns true when this failure opened (or re-opened) the circuit. */
  failure(): boolean {
    this.trialInFlight = false;
    this.failures += 1;
    if (this.openedAt !== undefined || this.failures >= this.threshold) {
      const wasOpen = this.openedAt !== undefined && this.state === 'open';
      this.openedAt = this.clock.now().getTime();
      return !wasOpen;
    }
    return false;
  }

  /** Opens at once (a 429 whose Retry-After is longer than we wait, a ban). */
  trip(): void {
    this.failures = Math.max(this.failures, this.threshold);
    this.openedAt = this.clock.now().getTime();
    this.trialInFlight = false;
  }
}
