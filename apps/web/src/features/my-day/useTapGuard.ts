import { useEffect, useRef, useState } from 'react';

/** How long the next step's button stays inert after a tap: the button tapped gives way to it in the same place. */
export const TAP_GUARD_MS = 1200;

/**
 * Keeps a double tap from doing two steps: "Start" gives way to "Complete" (and "Clock in" to "Clock out") where the
 * finger still is, so after a tap the card's buttons are inert for a moment.
 */
export function useTapGuard(): { resting: boolean; guard: (run: () => void) => void } {
  const [resting, setResting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const guard = (run: () => void) => {
    if (resting) return;
    run();
    setResting(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setResting(false), TAP_GUARD_MS);
  };
  return { resting, guard };
}
