import type { ActionFunctionArgs } from "@remix-run/node";
import { ctqCsvAction } from "~/features/ctq/results.server";

/** POST …/ctqf/csv: a CTQ list as edited, as CSV (001 §9; issue 25). */
export const action = (args: ActionFunctionArgs) => ctqCsvAction(args);
