import { redirect } from "@remix-run/node";

/** The site root: the application lives under /ng/. */
export const loader = () => redirect("/ng/");
