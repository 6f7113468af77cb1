import { arrayMove } from "@dnd-kit/sortable";
import { Checkbox } from "@mantine/core";
import { toggleItem, type ChecklistItem } from "../lib/checklist";
import { SortableList } from "./SortableList";
import classes from "./SortableChecklist.module.css";

interface Props {
  label: string;
  items: ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
}

/** A checkbox list whose order can be changed by dragging a row's handle (SortableList). */
export function SortableChecklist({ label, items, onChange }: Props) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{label}</legend>
      <SortableList
        items={items}
        onMove={(from, to) => onChange(arrayMove(items, from, to))}
        row={(item) => (
          <Checkbox
            label={item.label}
            checked={item.checked}
            onChange={(event) => onChange(toggleItem(items, item.id, event.currentTarget.checked))}
            className={classes.checkbox}
          />
        )}
      />
    </fieldset>
  );
}
