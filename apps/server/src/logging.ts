import type { FastifyRequest, FastifyServerOptions } from "fastify";

const censor = "[redacted]";

/**
 * Path segments that are secrets, wherever they appear in a line: a reset token (the API's and the
 * reset page's), an invite's id (its link), an upload's token and an uploaded file's key.
 */
const secretSegments = /(\/(?:passwords\/(?:reset\/)?|invites\/|uploads\/|files\/))[^/?#\s"'<>]+/gi;
/** Query values that are secrets or personal data: a phone number, and tRPC's input (any of the above). */
const secretParameters = /([?&](?:phoneNumber|input)=)[^&#\s"'<>]*/gi;

/** The text with every secret of a URL in it replaced, keeping the shape (which call, which parameter). */
export function redactSecrets(text: string): string {
  return text.replace(secretSegments, `$1${censor}`).replace(secretParameters, `$1${censor}`);
}

export interface LogOptions {
  level: string;
  /** Where the lines go (standard output when omitted). */
  stream?: { write(line: string): void };
}

/**
 * The server's pino options: request URLs and every message pass through redactSecrets, and the
 * headers and fields that carry credentials or personal data are censored should a line include them.
 */
export function loggerOptions({ level, stream }: LogOptions): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Fastify's own request fields, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: typeof request.url === "string" ? redactSecrets(request.url) : undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg: unknown) => (typeof arg === "string" ? redactSecrets(arg) : arg)) as [
            string,
          ],
        );
      },
    },
    redact: {
      paths: [
        ...["authorization", "cookie", "set-cookie", "x-xsrf-token"].flatMap((header) => [
          `headers["${header}"]`,
          `*.headers["${header}"]`,
        ]),
        // A database error's detail quotes the row's values.
        "err.detail",
        ...["password", "token", "phoneNumber", "PhoneNumber"].flatMap((field) => [
          field,
          `*.${field}`,
        ]),
      ],
      censor,
    },
  };
}
