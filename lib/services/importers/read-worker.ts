// The import reading worker: inflates, decodes and parses the files of one upload with every format
// reader, so a large or hostile file (a zip bomb within its budgets, a deeply nested JSON) costs this
// thread's time and memory, never the server's request thread. One worker per upload; it answers once.
import { parentPort } from "node:worker_threads";
import { ALL_READERS } from "./formats";
import { readImportFile, type ReadOutcome } from "./registry";
import type { InputFile } from "./types";

export interface ReadRequest {
  files: InputFile[];
}

export interface ReadReply {
  outcomes: ReadOutcome[];
}

parentPort?.once("message", ({ files }: ReadRequest) => {
  const reply: ReadReply = { outcomes: files.map((file) => readImportFile(file, ALL_READERS)) };
  parentPort!.postMessage(reply);
});
