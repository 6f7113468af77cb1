/**
 * Takes the person to the first field the page marks as wrong (Mantine marks an input with an
 * error aria-invalid; a group's message has its own class): scrolled to the middle of the window,
 * where no sticky bar covers it, and focused when it is a field, so it is typed into and read out.
 * Runs after the page has drawn the messages.
 */
export function showFirstFieldError(root: ParentNode = document): void {
  requestAnimationFrame(() => {
    const first = root.querySelector<HTMLElement>(
      '[aria-invalid="true"], .mantine-InputWrapper-error, [data-field-error]',
    );
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    if (first.matches("input, select, textarea, button, [tabindex]"))
      first.focus({ preventScroll: true });
  });
}
