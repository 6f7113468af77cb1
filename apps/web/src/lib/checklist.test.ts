import { describe, expect, it } from "vitest";
import { buildChecklist, checkedIds, toggleItem } from "./checklist";

const programs = [
  { id: 1, Name: "Tutoring" },
  { id: 2, Name: "Food Pantry" },
  { id: 3, Name: "Clinic" },
];

describe("buildChecklist", () => {
  it("lists the location's programs first in tab order, then the others by name", () => {
    expect(buildChecklist(programs, [{ id: 1 }, { id: 3 }])).toEqual([
      { id: 1, label: "Tutoring", checked: true },
      { id: 3, label: "Clinic", checked: true },
      { id: 2, label: "Food Pantry", checked: false },
    ]);
  });

  it("drops programs that no longer exist", () => {
    expect(checkedIds(buildChecklist(programs, [{ id: 9 }, { id: 2 }]))).toEqual([2]);
  });
});

describe("toggleItem and checkedIds", () => {
  it("sends the checked ids in list order", () => {
    const list = toggleItem(toggleItem(buildChecklist(programs, [{ id: 3 }]), 1, true), 3, false);
    expect(checkedIds(list)).toEqual([1]);
  });
});
