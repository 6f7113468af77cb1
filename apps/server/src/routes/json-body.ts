import { HttpError } from "@vsi/api";
import { requestMessages, say } from "@vsi/api/schemas";
import type { FastifyInstance } from "fastify";

/** No body of this API nests past a few levels; far deeper JSON only overflows the stack later. */
export const maxJsonDepth = 32;

/** Whether arrays and objects nest past max, counting brackets outside strings in one pass. */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), after a depth check, so a
 * deeply nested body is a 400 before any handler instead of a stack overflow inside one.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, raw, done) => {
    const body = typeof raw === "string" ? raw : raw.toString("utf8");
    if (nestsDeeperThan(body, maxJsonDepth)) {
      done(
        new HttpError(400, say(requestMessages.jsonTooDeep, { levels: maxJsonDepth })),
        undefined,
      );
      return;
    }
    // Its type allows a promise-returning parser; handing the result back lets Fastify wait on one.
    return parseJson(request, body, done);
  });
}
