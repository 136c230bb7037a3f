// Every format reader the importer knows, in the order the registry tries them: the FIRST reader whose
// detect() is true reads the file. Each reader's detect() is strict (a test checks that every real file
// is claimed by exactly one), so the order only matters for files built to look like two formats:
// evaluation reports and sidecars come first because their names are the most specific.
import type { FormatReader } from "../types";
import { sweBenchReportReader } from "./swebench-report";
import { sweSidecarReader } from "./swe-sidecars";
import { miniSweAgentReader } from "./mini-swe-agent";
import { sweAgentReader } from "./swe-agent";
import { openHandsOutputReader } from "./openhands-output";
import { openHandsEventsReader } from "./openhands";
import { inspectLogReader } from "./inspect-ai";
import { atifReader } from "./atif";
import { harborResultReader } from "./harbor-result";
import { harborJobFilesReader } from "./harbor-job-files";
import { claudeCodeReader } from "./claude-code";
import { codexCliReader } from "./codex-cli";
import { openHandsV1Reader } from "./openhands-v1";

export const ALL_READERS: FormatReader[] = [
  sweBenchReportReader,
  sweSidecarReader,
  miniSweAgentReader,
  sweAgentReader,
  openHandsOutputReader,
  openHandsEventsReader,
  inspectLogReader,
  harborResultReader,
  harborJobFilesReader,
  atifReader,
  codexCliReader,
  claudeCodeReader,
  openHandsV1Reader,
];
