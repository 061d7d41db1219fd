import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Seconds between status checks while audio renders. */
const REFRESH_SECONDS = 2;

/** While rendering: revalidates on an interval with JavaScript; a meta refresh does it without. */
export function useFollowRendering(rendering: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!rendering) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [rendering, revalidator]);
  return rendering ? (
    <noscript>
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
    </noscript>
  ) : null;
}
