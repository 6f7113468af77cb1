import { networkInterfaces, type NetworkInterfaceInfo } from "node:os";
import { localNetworkAddresses } from "@vsi/api";
import type { DemoLogin } from "./seed.ts";

/** A terminal's narrowest usual width; the frame never needs more. */
const maxWidth = 80;
const labelWidth = 13;

export interface Address {
  url: string;
  /** Who it is for, when not this machine. */
  note?: string;
}

const wildcardHosts = new Set(["0.0.0.0", "::", ""]);

/** Whether HOST makes the server listen on every interface, the local network's included. */
export const listensOnEveryInterface = (host: string) => wildcardHosts.has(host);

/**
 * Where to open the product: BASE_URL when it names another machine, this machine's own address
 * on the port really listened on, and, when every interface listens, this machine's addresses on
 * the local network, for the tablets at the door.
 */
export function addressesToOpen({
  baseUrl,
  host,
  port,
  interfaces = networkInterfaces(),
}: {
  baseUrl: string;
  host: string;
  port: number;
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>;
}): Address[] {
  const addresses: Address[] = [];
  if (new URL(baseUrl).hostname !== "localhost") addresses.push({ url: baseUrl });
  const wildcard = listensOnEveryInterface(host);
  const here = wildcard ? "localhost" : host.includes(":") ? `[${host}]` : host;
  addresses.push({ url: `http://${here}:${port}` });
  if (wildcard)
    for (const address of localNetworkAddresses(interfaces))
      addresses.push({
        url: `http://${address}:${port}`,
        note: "from other devices on this network",
      });
  return addresses;
}

/** A database server's place without who logs in to it: host, port and database. */
export function databaseServerName(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
}

export interface StartupFacts {
  addresses: Address[];
  /** The embedded database's folder, or a database server's place (databaseServerName). */
  storage: { kind: "folder" | "server"; where: string };
  /** On a first start only. */
  demoLogin?: DemoLogin | undefined;
}

/** Text cut into pieces of at most `width` characters, at a space when there is one. */
function wrap(text: string, width: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const space = rest.lastIndexOf(" ", width);
    const cut = space > 0 ? space : width;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  pieces.push(rest);
  return pieces;
}

const inner = maxWidth - 4;

function row(label: string, value: string): string[] {
  return wrap(value, inner - labelWidth).map(
    (piece, i) => `${(i === 0 ? label : "").padEnd(labelWidth)}${piece}`,
  );
}

/** Lines in a frame of box-drawing characters, as wide as the longest line and at most 80 columns. */
export function frame(lines: string[]): string {
  const body = lines.flatMap((line) => wrap(line, inner));
  const width = Math.max(...body.map((line) => line.length));
  const rule = "─".repeat(width + 2);
  return [`╭${rule}╮`, ...body.map((line) => `│ ${line.padEnd(width)} │`), `╰${rule}╯`].join("\n");
}

/** What a person at the terminal needs once the server runs: where to open it, where its data is, how to log in. */
export function startupBanner({ addresses, storage, demoLogin }: StartupFacts): string {
  const lines = [
    "Visitor Sign-In is running.",
    "",
    ...addresses.flatMap((address, i) =>
      row(i === 0 ? "Open" : "", address.note ? `${address.url}  (${address.note})` : address.url),
    ),
    ...row(storage.kind === "folder" ? "Data folder" : "Database", storage.where),
  ];
  if (demoLogin)
    lines.push(
      "",
      "Demo login, shown only this once:",
      ...row("Email", demoLogin.email),
      ...row("Password", demoLogin.password),
      "Change this password under My Account after you log in.",
    );
  lines.push("", "Stop with Ctrl+C.");
  return frame(lines);
}
