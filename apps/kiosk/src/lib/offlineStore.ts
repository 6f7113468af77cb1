// The tablet's own durable storage (IndexedDB): the queue of sign-ins and sign-outs not yet sent,
// and the last sheet it showed. Plain IndexedDB: a wrapper library would weigh on the kiosk's load.

const dbName = "vsi-kiosk";
export type StoreName = "queue" | "cache";
const storeNames: StoreName[] = ["queue", "cache"];

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => {
      for (const name of storeNames)
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB did not open"));
  });
  // A failed open (private mode, storage off) is tried again next time rather than remembered.
  opening.catch(() => (opening = undefined));
  return opening;
}

/** One request in its own transaction; resolves once the transaction has committed (durable). */
async function request<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  make: (objects: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const pending = make(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(pending.result as T);
    transaction.onerror = () =>
      reject(transaction.error ?? pending.error ?? new Error("IndexedDB request failed"));
    transaction.onabort = () =>
      reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

export const readValue = <T>(store: StoreName, key: string) =>
  request<T | undefined>(store, "readonly", (objects) => objects.get(key));
export const writeValue = (store: StoreName, key: string, value: unknown) =>
  request<unknown>(store, "readwrite", (objects) => objects.put(value, key)).then(() => undefined);
export const deleteValue = (store: StoreName, key: string) =>
  request<unknown>(store, "readwrite", (objects) => objects.delete(key)).then(() => undefined);
export const readAll = <T>(store: StoreName) =>
  request<T[]>(store, "readonly", (objects) => objects.getAll());
