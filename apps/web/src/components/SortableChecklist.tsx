import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Checkbox, Group, Paper, Stack } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { toggleItem, type ChecklistItem } from "../lib/checklist";
import classes from "./SortableChecklist.module.css";

interface Props {
  label: string;
  items: ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
}

/**
 * A checkbox list whose order can be changed by dragging a row's handle, with a pointer or touch,
 * or with the keyboard (focus the handle, Space to pick up, arrows to move, Space to drop).
 */
export function SortableChecklist({ label, items, onChange }: Props) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    onChange(arrayMove(items, from, to));
  }

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{label}</legend>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext
          items={items.map((item) => item.id)}
          strategy={verticalListSortingStrategy}
        >
          <Stack gap="xs" component="ul" className={classes.list}>
            {items.map((item) => (
              <SortableRow
                key={item.id}
                item={item}
                onToggle={(checked) => onChange(toggleItem(items, item.id, checked))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </fieldset>
  );
}

function SortableRow({
  item,
  onToggle,
}: {
  item: ChecklistItem;
  onToggle: (checked: boolean) => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: item.id,
  });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      px="sm"
      className={classes.row}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Group wrap="nowrap" gap="sm" mih={48}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size={44}
          className={classes.handle}
          aria-label={`Move ${item.label}`}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical aria-hidden="true" />
        </ActionIcon>
        <Checkbox
          label={item.label}
          checked={item.checked}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          className={classes.checkbox}
        />
      </Group>
    </Paper>
  );
}
