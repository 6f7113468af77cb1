// The location form's program list: every known program once, the checked ones
// first in the location's tab order, then the rest by name. Saving sends the checked ids in list
// order, so only programs that exist can be sent.

export interface ChecklistItem {
  id: number;
  label: string;
  checked: boolean;
}

export function buildChecklist(
  all: ReadonlyArray<{ id: number; Name: string }>,
  checkedInOrder: ReadonlyArray<{ id: number }>,
): ChecklistItem[] {
  const byId = new Map(all.map((item) => [item.id, item]));
  const checked = checkedInOrder.flatMap((item) => {
    const known = byId.get(item.id);
    return known ? [{ id: known.id, label: known.Name, checked: true }] : [];
  });
  const checkedIds = new Set(checked.map((item) => item.id));
  const unchecked = all
    .filter((item) => !checkedIds.has(item.id))
    .map((item) => ({ id: item.id, label: item.Name, checked: false }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...checked, ...unchecked];
}

export function checkedIds(items: readonly ChecklistItem[]): number[] {
  return items.filter((item) => item.checked).map((item) => item.id);
}

export function toggleItem(
  items: readonly ChecklistItem[],
  id: number,
  checked: boolean,
): ChecklistItem[] {
  return items.map((item) => (item.id === id ? { ...item, checked } : item));
}
