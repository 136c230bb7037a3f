// A state file that may not exist yet (the follower's and the sync's): its text, or null when there is no such
// file; any other failure (permissions, a directory) is thrown, so it is never mistaken for a fresh start.
import fs from "node:fs";

export function readTextIfExists(filePath: string): string | null {
  try {
    return fs.readFileSync(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
