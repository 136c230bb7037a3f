// Files trainers write whole (TRL's Parquet completions, rllm's episode JSON) are read whole. A file
// still being written does not parse yet; the follower leaves it for the next pass.
import fs from "node:fs/promises";
import { asyncBufferFromFile, parquetReadObjects } from "hyparquet";

export type WholeFile = { ok: true; records: unknown[] } | { ok: false; message: string };

export async function readParquetRows(file: string): Promise<WholeFile> {
  try {
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(file) });
    return { ok: true, records: rows };
  } catch (error) {
    return { ok: false, message: `not a complete Parquet file (yet?): ${(error as Error).message}` };
  }
}

/** The episodes of an rllm JSON file (one episode or a list), or null when it holds no episode. */
export async function readEpisodeJson(file: string): Promise<WholeFile | null> {
  let value: unknown;
  try {
    value = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    return { ok: false, message: `not valid JSON (yet?): ${(error as Error).message}` };
  }
  const isEpisode = (v: unknown) => typeof v === "object" && v !== null && Array.isArray((v as { trajectories?: unknown }).trajectories);
  if (isEpisode(value)) return { ok: true, records: [value] };
  if (Array.isArray(value) && value.length > 0 && value.every(isEpisode)) return { ok: true, records: value };
  return null;
}
