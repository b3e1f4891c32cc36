// `npm run cdq:import -- --company <id> --study <name> FILE`: the import command (server/cdq/import-cli.ts), as
// `npm run build` made it (build/cdq-import.js; scripts/operator-command.mjs). Exit status: 0 imported, 1 the file
// was refused, 2 a usage or setup error, or the command could not run.
import { runOperatorCommand } from "./operator-command.mjs";

process.exitCode = await runOperatorCommand("cdq:import", "cdq-import.js");
