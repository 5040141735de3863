// The inactivity clock of an editing session (SPEC §4, §9): warn one minute before the time-out;
// if the warning goes unanswered for one minute, autosave and end. Framework-free so it is tested
// with fake timers; useEditSession wraps it for React.
import { EDIT_SESSION_AUTOSAVE_MS, EDIT_SESSION_WARNING_MS } from '@sightline/domain';

export type EditSessionPhase = 'active' | 'warning' | 'ended';

export interface EditSessionTimerOptions {
  /** Inactivity allowed before the session ends (the warning comes one minute earlier). */
  timeoutMs: number;
  onPhase(phase: EditSessionPhase): void;
  /** Saves the work temporarily; awaited before onEnd. */
  onAutosave(): void | Promise<void>;
  onEnd(): void;
  warnBeforeMs?: number;
  answerWithinMs?: number;
}

export class EditSessionTimer {
  private phase: EditSessionPhase = 'active';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly warnBefore: number;
  private readonly answerWithin: number;

  constructor(private readonly o: EditSessionTimerOptions) {
    this.warnBefore = o.warnBeforeMs ?? EDIT_SESSION_WARNING_MS;
    this.answerWithin = o.answerWithinMs ?? EDIT_SESSION_AUTOSAVE_MS;
  }

  get current(): EditSessionPhase {
    return this.phase;
  }

  start(): void {
    this.schedule();
  }

  /** User activity while active restarts the clock; during the warning only extend() counts. */
  activity(): void {
    if (this.phase === 'active') this.schedule();
  }

  /** The 'extend' answer to the warning. */
  extend(): void {
    if (this.phase === 'ended') return;
    this.set('active');
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.warn(), Math.max(0, this.o.timeoutMs - this.warnBefore));
  }

  private warn(): void {
    this.set('warning');
    this.timer = setTimeout(() => void this.end(), this.answerWithin);
  }

  private async end(): Promise<void> {
    if (this.phase !== 'warning') return;
    this.set('ended');
    try {
      await this.o.onAutosave();
    } finally {
      this.o.onEnd();
    }
  }

  private set(p: EditSessionPhase): void {
    if (this.phase === p) return;
    this.phase = p;
    this.o.onPhase(p);
  }
}
