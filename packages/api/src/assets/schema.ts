import { z } from "zod";
import { text } from "../kernel/schema.ts";
import { say, fieldMessages, fileMessages } from "../kernel/messages.ts";

export const maxUploadBytes = 10 * 1024 * 1024;
export const imageContentTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageContentType = (typeof imageContentTypes)[number];
export const isImageContentType = (value: string): value is ImageContentType =>
  (imageContentTypes as readonly string[]).includes(value);
export const fileTypeMessage = say(fileMessages.fileType);

export const assetCreateInput = z.object({
  blob: z.object({
    filename: text()
      .trim()
      .min(1, say(fieldMessages.required, { label: "Filename" }))
      .max(255, say(fieldMessages.tooLong, { label: "Filename" })),
    // Pictures are the only uploads; the declared type is checked again against the bytes.
    content_type: text()
      .max(100)
      .default("application/octet-stream")
      .refine(isImageContentType, fileTypeMessage),
    byte_size: z.coerce
      .number()
      .int()
      .min(1, say(fileMessages.fileEmpty))
      .max(maxUploadBytes, say(fileMessages.fileTooLarge, { bytes: maxUploadBytes })),
    checksum: text().max(100).optional(),
  }),
});
export type AssetCreateInput = z.output<typeof assetCreateInput>;

/** The public key of an uploaded file, as it appears in its URL. */
export const fileKeyParam = z.object({ key: text().max(100) });

export const assetSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    filename: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    signed_id: z.string(),
    direct_upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
  })
  .meta({ id: "Asset" });
