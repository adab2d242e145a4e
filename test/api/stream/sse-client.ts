// A Server-Sent Events reader for tests: opens a stream, parses its messages (id, event, data) as they come, and
// waits for conditions with a bound.
import { get, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

export class SseClient {
  readonly messages: SseMessage[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  body = '';
  private request: ClientRequest | null = null;
  private pending = '';

  constructor(
    private readonly url: string,
    private readonly requestHeaders: Record<string, string> = {},
  ) {}

  /** Connect; resolves once the answer's headers are in. A non-200 answer's body is read whole into `body`. */
  open(): Promise<this> {
    return new Promise((resolve, reject) => {
      // node:http rather than fetch: closing must close the connection, as a browser's EventSource does.
      const request = get(this.url, { headers: { accept: 'text/event-stream', ...this.requestHeaders }, agent: false }, (response: IncomingMessage) => {
        this.status = response.statusCode ?? 0;
        this.headers = response.headers;
        response.setEncoding('utf8');
        if (this.status !== 200) {
          response.on('data', (text: string) => (this.body += text));
          response.on('end', () => resolve(this));
          return;
        }
        response.on('data', (text: string) => this.read(text));
        response.on('error', () => undefined);
        resolve(this);
      });
      request.on('error', (error) => (this.status === 0 ? reject(error) : undefined));
      this.request = request;
    });
  }

  of(event: string): SseMessage[] {
    return this.messages.filter((message) => message.event === event);
  }

  async waitFor(check: (client: SseClient) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; ${this.messages.length} messages so far`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    this.request?.destroy();
  }

  private read(text: string): void {
    this.pending += text;
    let end: number;
    while ((end = this.pending.indexOf('\n\n')) >= 0) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      const message: SseMessage = { id: '', event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue; // a comment
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') {
          message.data = hasData ? `${message.data}\n${value}` : value;
          hasData = true;
        }
      }
      if (hasData) this.messages.push(message);
    }
  }
}
