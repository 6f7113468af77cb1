// The browser's entry (@vsi/api/schemas): what is valid, and the names and rules the web app shares
// with the server. Zod and plain functions only; schemas.test.ts checks what it reaches.
export * from "./kernel/schema.ts";
export * from "./kernel/auth-names.ts";
export * from "./kernel/phone.ts";
export * from "./kernel/sheet-view.ts";
export * from "./accounts/users-schema.ts";
export * from "./accounts/invites-schema.ts";
export * from "./accounts/passwords-schema.ts";
export * from "./accounts/api-tokens-schema.ts";
export * from "./catalog/locations-schema.ts";
export * from "./catalog/kiosk-timings.ts";
export * from "./catalog/temperature.ts";
export * from "./questions/schema.ts";
export * from "./questions/answers-schema.ts";
export * from "./visits/schema.ts";
export * from "./door/schema.ts";
export * from "./roll-calls/schema.ts";
export * from "./households/schema.ts";
export * from "./visits/live-schema.ts";
export * from "./reports/summary-schema.ts";
export * from "./assets/schema.ts";
export * from "./tablets/schema.ts";
export * from "./admin/backups-schema.ts";
export * from "./admin/settings-schema.ts";
export * from "./admin/audit-schema.ts";
export * from "./webhooks/schema.ts";
export * from "./kernel/messages.ts";
