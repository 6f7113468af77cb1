// Uploads for the API's tests: the direct-upload PUT and GET /api/files/{key} are raw routes of
// the server, so a test here stores the bytes and reads a file as those routes do.
import { FILES_PATH, findUploadedFile, receiveUpload } from "../src/index.ts";
import type { Client, World } from "./world.ts";

/** Registers an image as `client` and stores its bytes as the upload PUT does; its signed id. */
export async function uploadedImage(
  world: World,
  client: Client,
  bytes: Buffer,
  contentType: string,
): Promise<string> {
  const res = await client.call((api) =>
    api.assets.create({
      blob: { filename: "image", content_type: contentType, byte_size: bytes.length },
    }),
  );
  if (res.status !== 200) throw new Error(`asset: ${res.status} ${JSON.stringify(res.json)}`);
  const url = res.json.direct_upload.url as string;
  await receiveUpload(world.services, url.slice(url.lastIndexOf("/") + 1), bytes);
  return res.json.signed_id as string;
}

/**
 * The type of the file a URL the API handed out names, when its row and bytes are there to be
 * served; undefined where GET /api/files/{key} answers 404.
 */
export async function servedType(world: World, url: string): Promise<string | undefined> {
  if (!url.startsWith(`${FILES_PATH}/`)) throw new Error(`not a file URL: ${url}`);
  const key = url.slice(FILES_PATH.length + 1);
  const file = await findUploadedFile(world.services.db.kysely, key);
  if (!file || !(await world.services.storage.get(key))) return undefined;
  return file.content_type;
}
