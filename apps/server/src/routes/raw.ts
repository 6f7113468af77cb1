import type { Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";

/**
 * Routes that are not JSON procedures (CSV export, the upload PUT, serving files). They share the
 * procedures' identity checks and services from @vsi/api.
 */
export async function registerRawRoutes(_app: FastifyInstance, _services: Services) {}
