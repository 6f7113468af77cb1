// On the tablet the on-screen keyboard's Enter key should walk through the sign-in form instead of
// submitting a half-filled form: Enter moves focus to the next field.

type FocusStop = HTMLInputElement | HTMLButtonElement | HTMLSelectElement | HTMLTextAreaElement;

/** The form's fields in tab order as a keyboard user meets them: one stop per radio group. */
export function focusStops(form: HTMLFormElement): FocusStop[] {
  const stops: FocusStop[] = [];
  const seenGroups = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!isFocusable(element)) continue;
    if (element instanceof HTMLInputElement && element.type === "radio") {
      if (seenGroups.has(element.name)) continue;
      seenGroups.add(element.name);
      stops.push(checkedRadio(form, element) ?? element);
      continue;
    }
    stops.push(element);
  }
  return stops;
}

/** Moves focus to the field after `current`; returns whether there was one. */
export function focusNextField(current: HTMLElement): boolean {
  const form = current.closest("form");
  if (!form) return false;
  const stops = focusStops(form);
  const index = stops.findIndex(
    (stop) => stop === current || (isRadio(current) && isRadio(stop) && stop.name === current.name),
  );
  const next = index === -1 ? undefined : stops[index + 1];
  if (!next) return false;
  next.focus();
  return true;
}

/** keydown handler for a form: Enter in an input moves on instead of submitting. */
export function moveFocusOnEnter(event: {
  key: string;
  target: EventTarget | null;
  preventDefault(): void;
}): void {
  if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  focusNextField(event.target);
}

function isFocusable(element: Element): element is FocusStop {
  const focusable =
    element instanceof HTMLInputElement ||
    element instanceof HTMLButtonElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement;
  if (!focusable || element.disabled || element.tabIndex < 0) return false;
  return !(element instanceof HTMLInputElement && element.type === "hidden");
}

function isRadio(element: Element): element is HTMLInputElement {
  return element instanceof HTMLInputElement && element.type === "radio";
}

function checkedRadio(
  form: HTMLFormElement,
  radio: HTMLInputElement,
): HTMLInputElement | undefined {
  return Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      isRadio(element) && element.name === radio.name && element.checked,
  );
}
