import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { programName } from "@vsi/i18n/languages";
import classes from "./ProgramTabs.module.css";

interface Tab {
  id: number;
  Name: string;
  NameEs?: string | null;
}

/**
 * The sheet's programs as a tablist (WAI-ARIA tabs, automatic activation): one tab in the tab
 * order, arrow keys, Home and End move between them, and the panel below is the chosen program's.
 */
export function ProgramTabs({
  label,
  programs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  programs: Tab[];
  selected: number;
  onSelect: (programId: number) => void;
  children: ReactNode;
}) {
  const prefix = useId();
  const { language } = useKioskTranslation();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: number) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const at = programs.findIndex((program) => program.id === selected);
    const last = programs.length - 1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? at === last
          ? 0
          : at + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? at <= 0
            ? last
            : at - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    const program = next === undefined ? undefined : programs[next];
    if (!program) return;
    event.preventDefault();
    onSelect(program.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(program.id))}`)?.focus();
  }

  return (
    <div className={classes.tabs}>
      <div ref={list} role="tablist" aria-label={label} className={classes.list} onKeyDown={move}>
        {programs.map((program) => {
          const active = program.id === selected;
          return (
            <button
              key={program.id}
              id={tabId(program.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              className={classes.tab}
              onClick={() => !active && onSelect(program.id)}
            >
              {programName(program, language)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
