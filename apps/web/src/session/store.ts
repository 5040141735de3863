// Session state outside React (read with useSession); actions in session-actions.ts change it.
import { useSyncExternalStore } from 'react';
import type { SessionState } from './types';

const initial: SessionState = {
  status: 'booting',
  user: null,
  currentProject: null,
  currentLine: null,
  lookups: {},
  deniedProjectIds: [],
};

let state: SessionState = initial;
const listeners = new Set<() => void>();

export const getSession = (): SessionState => state;

export function setSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function resetSession(status: SessionState['status'] = 'anonymous'): void {
  state = { ...initial, status };
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Subscribes a component to the session, optionally to one slice of it. */
export function useSession(): SessionState;
export function useSession<T>(select: (s: SessionState) => T): T;
export function useSession<T>(select?: (s: SessionState) => T) {
  return useSyncExternalStore(
    subscribe,
    () => (select ? select(state) : state),
    () => (select ? select(state) : state),
  );
}
