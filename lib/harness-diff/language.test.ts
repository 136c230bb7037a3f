import { describe, expect, it } from "vitest";
import { languageForPath } from "./language";

describe("languageForPath", () => {
  it("maps the file types a harness holds to Monaco languages", () => {
    expect(languageForPath("tools/prepare_patch.py")).toBe("python");
    expect(languageForPath("hooks/guard.mjs")).toBe("javascript");
    expect(languageForPath("hooks/guard.cjs")).toBe("javascript");
    expect(languageForPath("src/hook.ts")).toBe("typescript");
    expect(languageForPath("config/tools.json")).toBe("json");
    expect(languageForPath("skills/README.md")).toBe("markdown");
    expect(languageForPath("config/harness.yml")).toBe("yaml");
    expect(languageForPath("config/harness.yaml")).toBe("yaml");
    expect(languageForPath("setup/install.sh")).toBe("shell");
    expect(languageForPath("pyproject.toml")).toBe("ini");
    expect(languageForPath("prompts/system.txt")).toBe("plaintext");
  });

  it("ignores case and reads the extension of the file, not of a folder", () => {
    expect(languageForPath("Tools/RUN.PY")).toBe("python");
    expect(languageForPath("v1.2/notes")).toBe("plaintext");
  });

  it("falls back to plain text for unknown or missing extensions and dotfiles", () => {
    expect(languageForPath("data/blob.bin")).toBe("plaintext");
    expect(languageForPath("LICENSE")).toBe("plaintext");
    expect(languageForPath(".env")).toBe("plaintext");
  });
});
