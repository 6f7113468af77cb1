import { useEffect } from "react";

const activity = ["pointerdown", "keydown", "input", "scroll"] as const;

/** Calls onIdle once nobody has touched the page for `ms`. */
export function useKioskIdle(ms: number, onIdle: () => void): void {
  useEffect(() => {
    let timer = setTimeout(onIdle, ms);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, ms);
    };
    activity.forEach((event) =>
      document.addEventListener(event, restart, { capture: true, passive: true }),
    );
    return () => {
      clearTimeout(timer);
      activity.forEach((event) => document.removeEventListener(event, restart, { capture: true }));
    };
  }, [ms, onIdle]);
}

/**
 * Publishes the on-screen keyboard's height as --keyboard-inset where the browser lays the
 * keyboard over the page instead of shrinking it (iPadOS), so sticky buttons can sit above it.
 */
export function useKeyboardInset(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => {
      const covered = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      root.style.setProperty("--keyboard-inset", `${Math.round(covered)}px`);
    };
    update();
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    return () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
      root.style.removeProperty("--keyboard-inset");
    };
  }, []);
}
