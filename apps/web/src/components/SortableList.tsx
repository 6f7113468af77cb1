import { useStaffTranslation } from "@vsi/i18n/staff";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Group, Paper, Stack } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import type { ReactNode } from "react";
import classes from "./SortableChecklist.module.css";

interface Props<T extends { id: number; label: string }> {
  items: readonly T[];
  /** A row was dropped at another place: its index before, and after. */
  onMove: (from: number, to: number) => void;
  /** What a row shows beside its handle. */
  row: (item: T) => ReactNode;
}

/**
 * A list whose order is changed by dragging a row's handle, with a pointer or touch, or with the
 * keyboard (focus the handle, Space to pick up, arrows to move, Space to drop).
 */
export function SortableList<T extends { id: number; label: string }>({
  items,
  onMove,
  row,
}: Props<T>) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const { t } = useStaffTranslation();
  // What a screen reader hears while a row moves, in the reader's language.
  const labelOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.label ?? "";
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("sortable.picked", { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("sortable.over", { label: labelOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("sortable.dropped", { label: labelOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t("sortable.cancelled", { label: labelOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("sortable.instructions") },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" component="ul" className={classes.list}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} label={item.label}>
              {row(item)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const { t } = useStaffTranslation();
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
          aria-label={t("sortable.move", { label })}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical aria-hidden="true" />
        </ActionIcon>
        {children}
      </Group>
    </Paper>
  );
}
