export * from "./common.ts";
export * from "./users.ts";
export * from "./invites.ts";
export * from "./passwords.ts";
export * from "./locations.ts";
export * from "./visits.ts";
export * from "./assets.ts";
export * from "./tokens.ts";
