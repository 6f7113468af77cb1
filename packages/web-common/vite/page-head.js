// What both apps' pages (the staff app's and the kiosk's index.html) say in their <head> besides
// their title and description: the viewport, the brand colour, the icons and manifest, and
// full-screen from the home screen on iPad (like the manifest's display: standalone). Plain
// JavaScript, as the Vite configs that import it are loaded by Node itself.

/** @param {Record<string, string>} attrs @returns {import("vite").HtmlTagDescriptor} */
const meta = (attrs) => ({
  tag: "meta",
  attrs,
  injectTo: "head",
});
/** @param {Record<string, string>} attrs @returns {import("vite").HtmlTagDescriptor} */
const link = (attrs) => ({
  tag: "link",
  attrs,
  injectTo: "head",
});

const head = [
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

/** @returns {import("vite").Plugin} */
export function pageHead() {
  return { name: "vsi:page-head", transformIndexHtml: () => head };
}
