/**
 * Where the real protocols of `../shared/protocols` are (DEVELOPERS.md: read at run time, never copied here). The
 * project's sibling folder `shared`; for a clone made elsewhere (CI clones into a temporary folder), the sibling of
 * the repository it was cloned from; PROTOCOLS_DIR overrides both. Null when none of them holds the protocols.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export function findSharedProtocols(cwd: string = process.cwd()): string | null {
  if (process.env.PROTOCOLS_DIR) return process.env.PROTOCOLS_DIR;
  const candidates = [path.resolve(cwd, "..", "shared", "protocols")];
  const origin = cloneOrigin(cwd);
  if (origin) candidates.push(path.resolve(origin, "..", "shared", "protocols"));
  return candidates.find((dir) => existsSync(path.join(dir, "README.md"))) ?? null;
}

/** The folder a local clone was made from (its origin remote, when that is a path on this machine). */
function cloneOrigin(cwd: string): string | null {
  try {
    const url = execFileSync("git", ["config", "--get", "remote.origin.url"], { cwd, encoding: "utf8" }).trim();
    if (!url) return null;
    const local = url.startsWith("file://") ? new URL(url).pathname : url;
    return path.isAbsolute(local) && existsSync(local) ? local.replace(/\/\.git\/?$/, "") : null;
  } catch {
    return null;
  }
}
