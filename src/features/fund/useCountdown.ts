/** Milliseconds left until `deadline` (an ISO date), ticking every second; undefined without one. */
import { useEffect, useState } from "react";

export function useCountdown(deadline: string | undefined, now: () => number = Date.now): number | undefined {
  const target = deadline ? Date.parse(deadline) : Number.NaN;
  const [left, setLeft] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (Number.isNaN(target)) return;
    const tick = () => setLeft(Math.max(0, target - now()));
    const id = setInterval(tick, 1000);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(id);
      clearTimeout(first);
    };
  }, [target, now]);
  return Number.isNaN(target) ? undefined : left;
}
