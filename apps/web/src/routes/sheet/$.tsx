import { createFileRoute } from "@tanstack/react-router";
import { NotFound } from "../../components/NotFound";
import { loadOtherEntry } from "../../lib/otherEntry";

// /sheet/… is the kiosk, an entry of its own (kiosk.html): reached from a staff page (a link, the
// page a login returns to), it is loaded in full.
export const Route = createFileRoute("/sheet/$")({
  beforeLoad: ({ preload }) => {
    if (!preload) loadOtherEntry();
  },
  component: NotFound,
});
