// The original file a rollout was imported from, kept so the viewer can offer it for download as it was.
import { z } from "zod";
import { Id, Label, wellFormed } from "./primitives";

/** Largest original file kept (base64 grows binary files by a third, and one event is capped at 64 MB). */
export const MAX_SOURCE_FILE_CHARS = 48_000_000;

export const SourceFileEvent = z.strictObject({
  type: z.literal("source_file"),
  id: Id,
  experiment: Id,
  // The file's name as the researcher knows it (a relative path; shown and used as the download name).
  name: Label,
  format: Label,
  // Text files are kept as they are; binary ones (an Inspect `.eval` zip) as base64.
  encoding: z.enum(["utf8", "base64"]).default("utf8"),
  content: wellFormed(z.string().max(MAX_SOURCE_FILE_CHARS, `must be at most ${MAX_SOURCE_FILE_CHARS} characters`)),
}).describe("An original file that importers read (a trajectory, a log), kept byte for byte for download. Immutable.");
