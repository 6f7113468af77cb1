import { describe, expect, it } from "vitest";
import * as messages from "./messages.ts";
import { messageTemplates, recogniseMessage, say, type MessageKey } from "./messages.ts";

describe("the API's messages", () => {
  it("has each key in one group only", () => {
    const groups = Object.entries(messages).filter(([name]) => name.endsWith("Messages"));
    const keys = groups.flatMap(([, group]) => Object.keys(group as object));
    expect(keys.length).toBe(Object.keys(messageTemplates).length);
  });

  it("recognises every message it says, with the values put in", () => {
    for (const key of Object.keys(messageTemplates) as MessageKey[]) {
      const template = messageTemplates[key];
      const values = Object.fromEntries(
        [...template.matchAll(/\{(\w+)\}/g)].map(([, name], i) => [name!, `value ${i + 1}`]),
      );
      expect(recogniseMessage(say(template, values)), key).toEqual({ key, values });
    }
  });

  it("tells a fixed sentence from a template that would also match it", () => {
    expect(recogniseMessage("Email is invalid")).toEqual({ key: "emailInvalid", values: {} });
    expect(recogniseMessage("Logo is invalid")).toEqual({
      key: "invalid",
      values: { label: "Logo" },
    });
    expect(recogniseMessage("Something else entirely")).toBeUndefined();
  });
});
