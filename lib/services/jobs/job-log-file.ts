// Opening a job's log (or another file of its directory) for reading without trusting what is at the path: no
// link is followed (O_NOFOLLOW), a FIFO or device cannot block the opening thread (O_NONBLOCK: open() of a FIFO
// with no writer would otherwise wait, and the server's main thread with it — issue 36 froze every request that
// way), and only a regular file is read (fstat on the opened descriptor, so nothing can be swapped in between).
import fs from "node:fs";

export type OpenedLog = { ok: true; fd: number } | { ok: false; missing: true } | { ok: false; missing: false; error: string };

export const NOT_A_REGULAR_FILE = "is not a regular file (something replaced it)";

export function openRegularFile(file: string): OpenedLog {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, missing: true };
    // ELOOP: a link where the file should be.
    return { ok: false, missing: false, error: code === "ELOOP" ? "is a symbolic link" : `cannot be opened (${code ?? String(error)})` };
  }
  if (!fs.fstatSync(fd).isFile()) {
    fs.closeSync(fd);
    return { ok: false, missing: false, error: NOT_A_REGULAR_FILE };
  }
  return { ok: true, fd };
}
