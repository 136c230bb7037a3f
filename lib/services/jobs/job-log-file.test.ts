// The server reads a job's log and exit status from paths that, before issue 36, the job could replace: a FIFO
// there blocked the server's main thread in open(), a link was followed. Each is refused without blocking.
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NOT_A_REGULAR_FILE, openRegularFile } from "./job-log-file";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-job-log-file-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("openRegularFile", () => {
  it("opens a regular file", () => {
    const file = path.join(dir, "job.log");
    fs.writeFileSync(file, "line\n");
    const opened = openRegularFile(file);
    expect(opened.ok).toBe(true);
    if (opened.ok) {
      expect(fs.readFileSync(opened.fd, "utf8")).toBe("line\n");
      fs.closeSync(opened.fd);
    }
  });

  it("refuses a FIFO with no writer at once (a blocking open would never return here)", () => {
    const fifo = path.join(dir, "fifo.log");
    execFileSync("mkfifo", [fifo]);
    expect(openRegularFile(fifo)).toEqual({ ok: false, missing: false, error: NOT_A_REGULAR_FILE });
  });

  it("refuses a link, whatever it points to, and says when nothing is there", () => {
    const target = path.join(dir, "secret");
    fs.writeFileSync(target, "host file");
    fs.symlinkSync(target, path.join(dir, "link.log"));
    expect(openRegularFile(path.join(dir, "link.log"))).toEqual({ ok: false, missing: false, error: "is a symbolic link" });
    expect(openRegularFile(path.join(dir, "absent.log"))).toEqual({ ok: false, missing: true });
    expect(openRegularFile(dir)).toEqual({ ok: false, missing: false, error: NOT_A_REGULAR_FILE });
  });
});
