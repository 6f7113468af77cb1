import type { Label } from "@vsi/api/schemas";

/**
 * A visit's ticket for the browser's print dialog, in plain DOM so the staff app and the kiosk
 * (React or Preact) print it alike: kept in the page, hidden on screen; printing shows it alone on a
 * page of the label's size (`@page size`), which AirPrint on an iPad and a label printer's driver
 * take as the paper. The lines come already shortened to the size (the API's one rule).
 */

const svgNs = "http://www.w3.org/2000/svg";
const className = "vsi-ticket-print";

/** The ticket's box in millimetres: the label, or on a letter page a label three times as large at its top. */
function boxOf(label: Pick<Label, "Size">) {
  if (label.Size === "letter") return { width: 186, height: 87, scale: 3 };
  if (label.Size === "2.25x1.25in") return { width: 57.15, height: 31.75, scale: 1 };
  return { width: 62, height: 29, scale: 1 };
}

/** The ticket's element: its lines at the left, the QR code of the visit's staff page at the right. */
export function ticketElement(label: Label): HTMLElement {
  const { width, height, scale } = boxOf(label);
  const mm = (value: number) => `${value * scale}mm`;
  const ticket = document.createElement("div");
  ticket.className = "vsi-ticket";
  ticket.dataset.size = label.Size;
  Object.assign(ticket.style, {
    boxSizing: "border-box",
    width: `${width}mm`,
    height: `${height}mm`,
    padding: mm(1.5),
    display: "flex",
    gap: mm(1.5),
    alignItems: "stretch",
    overflow: "hidden",
    background: "#fff",
    color: "#000",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    lineHeight: "1.1",
  });
  const text = document.createElement("div");
  Object.assign(text.style, {
    flex: "1",
    minWidth: "0",
    display: "flex",
    flexDirection: "column",
    justifyContent: "center",
  });
  const line = (value: string, size: number, weight: number, name: string) => {
    const element = document.createElement("div");
    element.className = `vsi-ticket-${name}`;
    element.textContent = value;
    Object.assign(element.style, {
      fontSize: mm(size),
      fontWeight: String(weight),
      whiteSpace: "nowrap",
      overflow: "hidden",
    });
    text.append(element);
  };
  if (label.Number !== null) line(label.Number, 7, 800, "number");
  line(label.Name, 4.6, 700, "name");
  line(label.Program, 3.2, 500, "program");
  line(label.Date, 3, 400, "date");
  const quiet = 2;
  const qr = document.createElementNS(svgNs, "svg");
  qr.setAttribute(
    "viewBox",
    `${-quiet} ${-quiet} ${label.Qr.Size + 2 * quiet} ${label.Qr.Size + 2 * quiet}`,
  );
  qr.setAttribute("shape-rendering", "crispEdges");
  qr.setAttribute("role", "img");
  qr.setAttribute("aria-label", label.Url);
  qr.style.height = "100%";
  qr.style.flex = "none";
  const path = document.createElementNS(svgNs, "path");
  path.setAttribute("d", label.Qr.Path);
  path.setAttribute("fill", "#000");
  qr.append(path);
  ticket.append(text, qr);
  return ticket;
}

/**
 * Keeps the ticket in the page, hidden on screen, for window.print() (and a PDF of the print) to
 * show alone on its label-sized page. Returns what takes it away again.
 */
export function keepTicketForPrint(label: Label): () => void {
  const holder = document.createElement("div");
  holder.className = className;
  holder.append(ticketElement(label));
  const style = document.createElement("style");
  style.textContent = `@media screen { .${className} { display: none; } }
@media print {
  @page { size: ${label.Width} ${label.Height}; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > :not(.${className}) { display: none !important; }
  .${className} { display: block; }
}`;
  holder.append(style);
  document.body.append(holder);
  return () => holder.remove();
}
