// Every format reader the importer knows, in the order the registry tries them: the FIRST reader whose
// detect() is true reads the file, so a reader with a narrower test must come before a broader one.
//
// The readers are written in parallel with the importer; the lead fills this list when merging them
// (mini-swe-agent, SWE-agent, SWE-bench reports, sidecars, OpenHands, Inspect).
import type { FormatReader } from "../types";

export const ALL_READERS: FormatReader[] = [];
