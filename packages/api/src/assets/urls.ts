import { sign } from "../kernel/tokens.ts";

/** Under /api, so a deployment that forwards only /api to the server still shows pictures. */
export const FILES_PATH = "/api/files";
export const fileUrl = (key: string) => `${FILES_PATH}/${key}`;
export const signedFileId = (secret: string, fileId: number) => sign(secret, `file-${fileId}`);
