import { describe, expect, it } from "vitest";
import { addressKind, isMetadataName } from "./address-kinds.ts";

describe("addressKind", () => {
  it("names each address's network, an IPv6 address carrying an IPv4 one by that one", () => {
    const cases: Array<[string, ReturnType<typeof addressKind>]> = [
      ["8.8.8.8", "public"],
      ["2606:4700::1111", "public"],
      ["127.0.0.1", "loopback"],
      ["::1", "loopback"],
      ["::ffff:127.0.0.1", "loopback"],
      ["10.0.0.1", "private"],
      ["172.31.255.255", "private"],
      ["172.32.0.1", "public"],
      ["192.168.1.50", "private"],
      ["fc00::1", "private"],
      ["fd12:3456::1", "private"],
      ["169.254.1.1", "link-local"],
      ["fe80::1", "link-local"],
      ["169.254.169.254", "metadata"],
      ["::ffff:169.254.169.254", "metadata"],
      ["fd00:ec2::254", "metadata"],
      ["100.100.100.200", "metadata"],
      ["100.64.0.1", "shared"],
      ["0.0.0.0", "reserved"],
      ["224.0.0.1", "reserved"],
      ["ff02::1", "reserved"],
      ["not an address", "reserved"],
    ];
    for (const [address, kind] of cases) expect(addressKind(address), address).toBe(kind);
  });

  it("knows the metadata services' names, in any case", () => {
    expect(isMetadataName("metadata.google.internal")).toBe(true);
    expect(isMetadataName("Metadata.Google.Internal.")).toBe(true);
    expect(isMetadataName("printer.local")).toBe(false);
  });
});
