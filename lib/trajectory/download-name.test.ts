import { describe, expect, it } from "vitest";
import { contentDisposition, safeDownloadName } from "./download-name";

describe("safeDownloadName", () => {
  it("keeps an ordinary file name", () => {
    expect(safeDownloadName("trajs/psf__requests-1142/psf__requests-1142.traj.json")).toBe("psf__requests-1142.traj.json");
  });

  it("drops paths, quotes, newlines and leading dots", () => {
    expect(safeDownloadName('../../etc/"passwd"\r\nX-Evil: 1')).toBe("passwd_X-Evil_1");
    expect(safeDownloadName("..\\..\\.bashrc")).toBe("bashrc");
    expect(safeDownloadName("/")).toBe("source-file");
    expect(safeDownloadName("日本語.json")).toBe("json");
  });
});

describe("contentDisposition", () => {
  it("is an attachment with an ASCII fallback and the exact name encoded", () => {
    const header = contentDisposition("logs/résumé (1).json");
    expect(header).toBe(`attachment; filename="r_sum_1_.json"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%281%29.json`);
  });

  it("never lets a quote or line break through", () => {
    const header = contentDisposition('a"b\r\nc.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});
