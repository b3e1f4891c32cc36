// npm run audit:verify: checks the audit trail's hash chain on the configured database (server/audit/verify-cli.ts;
// docs/decisions/0026-audit-views-export-and-verification.md). Runs the command `npm run build` made
// (build/audit-verify.js), so it needs no write access to the checkout; in a checkout not yet built, it bundles it
// first (scripts/operator-command.mjs). Exit status: 0 intact, 1 broken, 2 could not run, whatever stopped it.
import { runOperatorCommand } from "./operator-command.mjs";

process.exitCode = await runOperatorCommand("audit:verify", "audit-verify.js");
