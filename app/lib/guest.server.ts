import { type RouterContextProvider, redirect } from "react-router";
import { getClient, getSession } from "./sanctum/context.server";
import type { CurrentUser } from "./types";

/** Guests only: a signed-in user who opens a guest page goes to the dashboard. */
export async function requireGuest(context: Readonly<RouterContextProvider>): Promise<void> {
  const session = getSession(context);
  if (session.isNew) return;
  const user = await getClient(context)
    .call<CurrentUser>("/api/user", { on401: "throw" })
    .catch(() => null);
  if (user) throw redirect("/dashboard");
}
