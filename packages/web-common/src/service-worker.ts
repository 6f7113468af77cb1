// What of a service worker's global scope the kiosk's and the staff app's workers use. Declared
// here rather than through TypeScript's "webworker" library, which cannot share a project with
// the DOM's that the rest of each app needs.

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
export interface WorkerMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
export interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
}
