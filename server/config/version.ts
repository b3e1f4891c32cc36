import fs from "node:fs";
import path from "node:path";

export interface VersionInfo {
  version: string;
  commit: string;
}

let cached: VersionInfo | undefined;

/**
 * The product version (package.json) and the source commit: from build/version.json, written by the build,
 * else read from .git in a source checkout, else "unknown".
 */
export function versionInfo(root = process.cwd()): VersionInfo {
  if (cached) return cached;
  let version = "0.0.0";
  let commit = "unknown";
  try {
    version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    // keep the default
  }
  try {
    const built = JSON.parse(fs.readFileSync(path.join(root, "build", "version.json"), "utf8")) as Partial<VersionInfo>;
    if (built.commit) commit = built.commit;
  } catch {
    commit = readGitCommit(root) ?? commit;
  }
  cached = { version, commit };
  return cached;
}

export function readGitCommit(root: string): string | null {
  try {
    const gitDir = path.join(root, ".git");
    const head = fs.readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return null;
    const loose = path.join(gitDir, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, "utf8").trim();
    const packed = fs.readFileSync(path.join(gitDir, "packed-refs"), "utf8");
    const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
    return line ? line.split(" ")[0]! : null;
  } catch {
    return null;
  }
}
