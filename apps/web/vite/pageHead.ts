import type { HtmlTagDescriptor, Plugin } from "vite";

// What both pages (index.html, the staff app; kiosk.html, the kiosk) say in their <head> besides
// their title and description: the viewport, the brand colour, the icons and manifest, and
// full-screen from the home screen on iPad (like the manifest's display: standalone).

const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({
  tag: "meta",
  attrs,
  injectTo: "head",
});
const link = (attrs: Record<string, string>): HtmlTagDescriptor => ({
  tag: "link",
  attrs,
  injectTo: "head",
});

const head: HtmlTagDescriptor[] = [
  meta({
    name: "viewport",
    content:
      "width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content",
  }),
  meta({ name: "theme-color", content: "#06524a" }),
  link({ rel: "icon", href: "/icon.svg", type: "image/svg+xml" }),
  link({ rel: "manifest", href: "/manifest.webmanifest" }),
  meta({ name: "mobile-web-app-capable", content: "yes" }),
  meta({ name: "apple-mobile-web-app-capable", content: "yes" }),
  meta({ name: "apple-mobile-web-app-status-bar-style", content: "default" }),
  meta({ name: "apple-mobile-web-app-title", content: "Sign-In" }),
  link({ rel: "apple-touch-icon", href: "/apple-touch-icon.png" }),
];

export function pageHead(): Plugin {
  return { name: "vsi:page-head", transformIndexHtml: () => head };
}
