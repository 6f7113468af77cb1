import { describe, expect, it } from "vitest";
import * as messages from "./messages.ts";
import { englishOf, keyOf, messageTemplates, said, say, type MessageKey } from "./messages.ts";

const keys = Object.keys(messageTemplates) as MessageKey[];
/** Each placeholder of a key's template given a value of its own. */
const valuesFor = (key: MessageKey) =>
  Object.fromEntries(
    [...messageTemplates[key].matchAll(/\{(\w+)\}/g)].map(([, name], i) => [
      name!,
      `value ${i + 1}`,
    ]),
  );

describe("the API's messages", () => {
  it("has each key in one group only, and each template under one key", () => {
    const groups = Object.entries(messages).filter(([name]) => name.endsWith("Messages"));
    const names = groups.flatMap(([, group]) => Object.keys(group as object));
    expect(names.length).toBe(keys.length);
    // A sentence's key is never in doubt.
    expect(new Set(Object.values(messageTemplates)).size).toBe(keys.length);
  });

  it("keeps each sentence say() makes with its key and values, found as said", () => {
    for (const key of keys) {
      const values = valuesFor(key);
      const sentence = say(messageTemplates[key], values);
      expect(sentence, key).toBe(englishOf(key, values));
      expect(keyOf(sentence), key).toEqual({ key, values });
    }
    expect(keyOf("Name is required, more or less")).toBeUndefined();
  });

  it("gives said()'s message its key without keeping the sentence, for values from a request", () => {
    const refused = said(messages.catalogMessages.programNameTaken, { name: "Never said before" });
    expect(refused).toEqual({
      message: "A program named “Never said before” already exists: give this one another name",
      key: "programNameTaken",
      values: { name: "Never said before" },
    });
    expect(keyOf(refused.message)).toBeUndefined();
  });
});
