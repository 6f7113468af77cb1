/**
 * A now-serving screen's link. "/screen" is the staff app's page for it (@vsi/web-common's
 * addresses.js names the same path for the browsers).
 */
export const screenUrl = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, "")}/screen/${encodeURIComponent(code)}`;
