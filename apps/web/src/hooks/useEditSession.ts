// React wrapper of EditSessionTimer. Render <EditSessionWarning session={...} /> to show the modal.
import { useEffect, useRef, useState } from 'react';
import { logout } from '../session/session-actions';
import { EditSessionTimer, type EditSessionPhase } from './edit-session-timer';

export interface UseEditSessionOptions {
  timeoutMs: number;
  onAutosave(): void | Promise<void>;
  /** What ending means; by default the login session ends (logout with the session-expired flash). */
  onEnd?(): void;
  enabled?: boolean;
}

export interface EditSession {
  phase: EditSessionPhase;
  warning: boolean;
  extend(): void;
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

export function useEditSession({
  timeoutMs,
  onAutosave,
  onEnd,
  enabled = true,
}: UseEditSessionOptions): EditSession {
  const [phase, setPhase] = useState<EditSessionPhase>('active');
  // Latest callbacks without restarting the clock on every render.
  const cb = useRef({ onAutosave, onEnd });
  cb.current = { onAutosave, onEnd };
  const timerRef = useRef<EditSessionTimer | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const timer = new EditSessionTimer({
      timeoutMs,
      onPhase: setPhase,
      onAutosave: () => cb.current.onAutosave(),
      onEnd: () => (cb.current.onEnd ? cb.current.onEnd() : void logout({ reason: 'expired' })),
    });
    timerRef.current = timer;
    timer.start();
    const onActivity = () => timer.activity();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      timer.stop();
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
      timerRef.current = null;
    };
  }, [timeoutMs, enabled]);

  return { phase, warning: phase === 'warning', extend: () => timerRef.current?.extend() };
}
