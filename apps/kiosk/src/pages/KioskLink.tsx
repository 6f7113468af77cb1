import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "./address";

/**
 * A link within the kiosk: a real <a href> (a new tab or a long-press works as a link), followed by
 * the kiosk's own navigation on a plain click.
 */
export function KioskLink({
  href,
  replace = false,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean }) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href, { replace });
  }
  return <a {...rest} href={href} onClick={follow} />;
}
