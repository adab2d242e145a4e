// Following one of the API's live streams (Server-Sent Events). The browser reconnects by itself and resumes with
// Last-Event-ID; a `reset` message means the stream could not resume, so the page reads the current state again.
export type StreamHandlers = Record<string, (data: unknown) => void> & { reset?: () => void };

export function follow(path: string, handlers: StreamHandlers): EventSource {
  const source = new EventSource(path);
  for (const [event, handle] of Object.entries(handlers)) {
    source.addEventListener(event, (message) => {
      const text = (message as MessageEvent<string>).data;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        return;
      }
      handle(data);
    });
  }
  return source;
}

/** Run `task` at most once per `ms`, the last call winning. */
export function throttled(task: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      task();
    }, ms);
  };
}
