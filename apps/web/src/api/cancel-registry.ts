// Every request registers its AbortController so navigation or logout can cancel what is in flight.
const inFlight = new Set<AbortController>();

export function register(controller: AbortController): () => void {
  inFlight.add(controller);
  return () => inFlight.delete(controller);
}

/** Cancels every request still running (used on logout). Cancelled requests fail silently. */
export function cancelAll(): void {
  for (const c of inFlight) c.abort(new DOMException('cancelled', 'AbortError'));
  inFlight.clear();
}

export const inFlightCount = () => inFlight.size;
