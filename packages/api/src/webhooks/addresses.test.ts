import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./addresses.ts";

describe("isPrivateAddress", () => {
  it("checks each IPv4-embedding IPv6 form as the IPv4 address it holds", () => {
    const cases: Array<[string, boolean]> = [
      ["::127.0.0.1", true],
      ["::7f00:1", true],
      ["::1", true],
      ["::", true],
      ["::ffff:127.0.0.1", true],
      ["::ffff:7f00:1", true],
      ["::ffff:0:127.0.0.1", true],
      ["::ffff:0:7f00:1", true],
      ["0:0:0:0:0:ffff:0a01:0203", true],
      ["64:ff9b::10.0.0.1", true],
      ["64:ff9b::a9fe:a9fe", true],
      ["2002:c0a8:1::", true],
      ["2002:7f00:0001:ffff::1", true],
      ["::5db8:d70e", false],
      ["::ffff:93.184.215.14", false],
      ["::ffff:0:5db8:d70e", false],
      ["64:ff9b::93.184.215.14", false],
      ["2002:5db8:d70e::1", false],
      ["2606:4700::1111", false],
    ];
    for (const [address, expected] of cases)
      expect(isPrivateAddress(address), address).toBe(expected);
  });
});
