import { trpcClient } from "./trpc";
import { xsrfHeaders } from "@vsi/web-common/xsrf";

/**
 * The direct upload: register the blob, PUT the bytes to the returned URL with
 * its headers, and hand back the signed id that a user's `picture` is then set to.
 */
export async function directUpload(file: File, signal?: AbortSignal): Promise<string> {
  const blob = await trpcClient.assets.create.mutate({
    blob: {
      filename: file.name,
      content_type: file.type || "application/octet-stream",
      byte_size: file.size,
    },
  });
  const response = await fetch(blob.direct_upload.url, {
    method: "PUT",
    headers: { ...blob.direct_upload.headers, ...xsrfHeaders() },
    body: file,
    credentials: "include",
    signal,
  });
  if (!response.ok) throw new Error(`The upload failed with status ${response.status}`);
  return blob.signed_id;
}
