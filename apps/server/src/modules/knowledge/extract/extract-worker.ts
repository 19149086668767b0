// The body of the extraction thread: reads one file with extractSections and posts what came of it.
// Started by extract-in-worker.ts, with the file's bytes and kind as its workerData; a file the readers
// refuse (damaged, protected, over a limit) is answered with the reason, anything else is thrown and
// ends the thread with an error.
import { parentPort, workerData } from "node:worker_threads";
import { ExtractionError, extractSections, type KnowledgeFileKind } from "./index.ts";

export type ExtractionMessage =
  | { type: "progress"; fraction: number }
  | { type: "done"; sections: { heading: string | null; text: string }[]; pages: number | null }
  | { type: "refused"; message: string };

const { kind, bytes } = workerData as { kind: KnowledgeFileKind; bytes: Uint8Array };
const post = (message: ExtractionMessage) => parentPort!.postMessage(message);

try {
  const { sections, pages } = await extractSections(kind, bytes, (fraction) => post({ type: "progress", fraction }));
  post({ type: "done", sections, pages });
} catch (error) {
  if (!(error instanceof ExtractionError)) throw error;
  post({ type: "refused", message: error.message });
}
