import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { appRouter, createContext, describeError, type AppRouter, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";

/** The web app's endpoint: batched tRPC over HTTP. */
export async function registerTrpc(app: FastifyInstance, services: Services) {
  const options: FastifyTRPCPluginOptions<AppRouter> = {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      // A tablet's cookie stays a claim: its own calls check it in their statement.
      createContext: ({ req, res }) => createContext(services, req, res, { tablets: "claim" }),
      responseMeta({ errors }) {
        const headers = errors.map((e) => describeError(e).headers).find(Boolean);
        return headers ? { headers } : {};
      },
      onError({ error, path }) {
        if (describeError(error).status >= 500)
          app.log.error({ err: error.cause ?? error, path }, "procedure failed");
      },
    },
  };
  await app.register(fastifyTRPCPlugin, options);
}
