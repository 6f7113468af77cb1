/** A Server-Sent Events reader for tests and the bench, as a browser's EventSource splits a stream. */

export interface SseBlock {
  /** The event's name ("message" when the block names none). */
  event: string;
  /** The data lines joined, or undefined when the block has none (a heartbeat comment, a retry). */
  data: string | undefined;
  /** Comment lines (": ping") in the block. */
  comments: number;
}

/** A reader fed text chunks as they arrive; each complete block (up to a blank line) goes to onBlock. */
export function sseReader(onBlock: (block: SseBlock) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const block: SseBlock = { event: "message", data: undefined, comments: 0 };
      const data: string[] = [];
      for (const line of text.split("\n")) {
        if (line.startsWith(":")) block.comments += 1;
        else if (line.startsWith("event: ")) block.event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length) block.data = data.join("\n");
      onBlock(block);
    }
  };
}
