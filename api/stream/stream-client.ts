// One open stream: Server-Sent Events written to a response as messages come. What a client has not read yet waits in
// the socket's buffer. Node holds a burst's writes until the end of the tick, so the buffer is judged once the socket
// has had its chance to flush: still past MAX_BUFFERED_BYTES then, the client is too slow and is cut (its connection
// destroyed, so its buffer is freed at once) rather than let it grow. Memory per client is thus bounded by that plus
// one batch's messages. A comment line every HEARTBEAT_MS keeps proxies from closing an idle stream.
import type { ServerResponse } from 'node:http';

const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export interface StreamMessage {
  /** The `id:` a client resumes from. */
  id: string;
  event: string;
  /** One line of JSON. */
  data: string;
}

export class StreamClient {
  private closed = false;
  private checking = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly response: ServerResponse,
    private readonly onClose: (client: StreamClient) => void,
  ) {
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    response.once('close', () => this.close());
  }

  /** Send messages in one write (a batch's messages go out as one chunk, not one each). */
  send(messages: readonly StreamMessage[]): void {
    let text = '';
    for (const message of messages) text += `id: ${message.id}\nevent: ${message.event}\ndata: ${message.data}\n\n`;
    if (text !== '') this.write(text);
  }

  /** End the stream (the service stopping). */
  end(): void {
    if (this.closed) return;
    this.response.end();
    this.close();
  }

  private write(text: string): void {
    if (this.closed) return;
    this.response.write(text);
    if (this.checking) return;
    this.checking = true;
    setImmediate(() => {
      this.checking = false;
      if (this.closed || this.response.writableLength <= MAX_BUFFERED_BYTES) return;
      this.close();
    });
  }

  /** Done with the stream, whoever ended it. The socket is destroyed too: a client that went away leaves it half
   * open (its side closed, ours still writable), and the server would keep it until its own end. */
  private close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (!this.response.writableEnded) this.response.destroy();
    this.onClose(this);
  }
}
