import { describeError } from "@vsi/api";
import { TRPCError } from "@trpc/server";
import type { FastifyReply } from "fastify";

/** Raw routes answer errors with the same contract body as the procedures. */
export function replyError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof TRPCError)) throw error;
  const { status, message, errors, headers } = describeError(error);
  if (headers) reply.headers(headers);
  return reply.code(status).send({ status, message, ...(errors ? { errors } : {}) });
}
