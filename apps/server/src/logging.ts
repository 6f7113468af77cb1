import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import pinoPretty from "pino-pretty";

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

/** One JSON object per line (for machines), or short lines for a person at a terminal. */
export type LogFormat = "json" | "pretty";

/** LOG_FORMAT when set; else readable lines in a terminal and JSON wherever else the output goes. */
export function chooseLogFormat(setting: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return setting ?? (isTerminal ? "pretty" : "json");
}

export interface LogOptions {
  level: string;
  /** JSON when omitted. */
  format?: LogFormat | undefined;
  /** Where the lines go (standard output when omitted). */
  stream?: { write(line: string): void };
}

/** A request in one line when it ends, rather than Fastify's two objects per request. */
class ShortRequestLines extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** The server's logging in Fastify's options: pino's, and in the readable form who writes requests. */
export function fastifyLogging(
  options: LogOptions,
): Pick<FastifyServerOptions, "logger" | "logController"> {
  if (options.format !== "pretty") return { logger: loggerOptions(options) };
  return {
    logger: loggerOptions({
      ...options,
      // In this thread and synchronous, so the lines keep their order with what main prints itself.
      stream:
        options.stream ??
        pinoPretty({ sync: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,reqId" }),
    }),
    logController: new ShortRequestLines(),
  };
}

/**
 * The server's pino options: request URLs and every message pass through redactSecrets, and the
 * headers and fields that carry credentials or personal data are censored should a line include them.
 */
function loggerOptions({ level, stream }: LogOptions): FastifyServerOptions["logger"] {
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
