// Holds back the validating mock's answers to one kind of request (POST to `path`) while
// `holding`: the processor has done the work, its answer waits. Tests use it to keep calls parked
// at the processor while they look at the service.
import type { MockRequest } from './validating-mock.ts';

export class Gate {
  holding = false;
  private parked: Array<() => void> = [];
  constructor(private readonly path: string) {}
  get waiting(): number {
    return this.parked.length;
  }
  async pass(request: MockRequest): Promise<void> {
    if (!this.holding || request.method !== 'POST' || request.path !== this.path) return;
    await new Promise<void>((resolve) => this.parked.push(resolve));
  }
  /** Lets every parked call through. */
  open(): void {
    for (const resolve of this.parked.splice(0)) resolve();
  }
  /** Lets the parked call at `index` (in arrival order) through. */
  openAt(index: number): void {
    this.parked.splice(index, 1)[0]!();
  }
}
