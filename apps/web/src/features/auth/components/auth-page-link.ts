import type { ReactNode } from "react";
import type { SignedOutPath } from "../signed-out-pages.ts";

/**
 * Draws the link from one signed-out page to the other, keeping `redirect`: a router Link inside the
 * app (routes/(auth)), a plain one on a cold load, which starts without the router (signed-out-app.tsx).
 */
export type RenderAuthPageLink = (props: { to: SignedOutPath; className: string; children: ReactNode }) => ReactNode;

export const AUTH_PAGE_LINK_CLASS = "font-medium text-primary underline-offset-4 hover:underline";
