import type { MiddlewareFunction } from "react-router";

/**
 * Reads what is left of a request body once the response is ready. A form post that is refused
 * before its body is read (401, 403, 405) would otherwise leave unread bytes on a kept-alive
 * connection, which the local workerd proxy answers by failing the next request on that socket.
 */
export const drainBody: MiddlewareFunction<Response> = async ({ request }, next) => {
  try {
    return await next();
  } finally {
    if (request.body && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined);
  }
};
