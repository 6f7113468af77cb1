import { useRouter } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/**
 * A link within the kiosk: a real <a href> (a new tab or a long-press works as a link), followed by
 * the kiosk's router on a plain click.
 */
export function KioskLink({
  href,
  replace = false,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean }) {
  const router = useRouter();
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href, replace });
  }
  return <a {...rest} href={href} onClick={follow} />;
}
