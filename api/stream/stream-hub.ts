// The live streams' fan-out: messages published on a channel (`coin:<mint>`, or `all`) go to every client open on it,
// in order. Ids are `<epoch>-<seq>`: the process's start and a sequence, so a client that reconnects with the id of
// the last message it read gets every later message of its channel again from the RECENT_MESSAGES kept, exactly
// once; an id it cannot resume from (older than what is kept, or from before a restart) gets a `reset` message
// instead, telling it to read the current state from the REST routes. Each visitor may hold MAX_STREAMS_PER_VISITOR.
import type { ServerResponse } from 'node:http';
import { StreamClient, type StreamMessage } from './stream-client.js';

const RECENT_MESSAGES = 10_000;
export const MAX_STREAMS_PER_VISITOR = 5;

interface Kept extends StreamMessage {
  seq: number;
  channel: string;
}

export class StreamHub {
  private readonly epoch = Date.now().toString(36);
  private seq = 0;
  /** The last messages, oldest first; between RECENT_MESSAGES and twice that many. */
  private recent: Kept[] = [];
  private readonly channels = new Map<string, Set<StreamClient>>();
  private readonly visitors = new Map<string, number>();

  /** Whether anyone follows `channel` (work that only feeds a stream can be skipped otherwise). */
  followed(channel: string): boolean {
    return (this.channels.get(channel)?.size ?? 0) > 0;
  }

  /** Send messages on `channel`, in order: each an `event` name and its `data` (one line of JSON). */
  publish(channel: string, messages: readonly { event: string; data: string }[]): void {
    const kept = messages.map(({ event, data }): Kept => {
      const seq = ++this.seq;
      return { seq, channel, id: `${this.epoch}-${seq}`, event, data };
    });
    for (const message of kept) this.recent.push(message);
    if (this.recent.length >= 2 * RECENT_MESSAGES) this.recent = this.recent.slice(-RECENT_MESSAGES);
    for (const client of this.channels.get(channel) ?? []) client.send(kept);
  }

  /** Whether `visitor` may open one more stream. */
  admits(visitor: string): boolean {
    return (this.visitors.get(visitor) ?? 0) < MAX_STREAMS_PER_VISITOR;
  }

  /** Follow `channel` on `response` (its headers already written) for a visitor `admits` let in, first catching up
   * after `lastEventId`. */
  open(channel: string, visitor: string, response: ServerResponse, lastEventId: string | undefined): void {
    this.visitors.set(visitor, (this.visitors.get(visitor) ?? 0) + 1);
    const client = new StreamClient(response, () => {
      this.channels.get(channel)?.delete(client);
      if (this.channels.get(channel)?.size === 0) this.channels.delete(channel);
      const left = (this.visitors.get(visitor) ?? 1) - 1;
      if (left === 0) this.visitors.delete(visitor);
      else this.visitors.set(visitor, left);
    });
    if (lastEventId !== undefined) this.catchUp(client, channel, lastEventId);
    let clients = this.channels.get(channel);
    if (clients === undefined) this.channels.set(channel, (clients = new Set()));
    clients.add(client);
  }

  /** End every stream (the service stopping). */
  close(): void {
    for (const clients of [...this.channels.values()]) for (const client of [...clients]) client.end();
  }

  private catchUp(client: StreamClient, channel: string, lastEventId: string): void {
    const [epoch, seqText] = lastEventId.split('-');
    const seq = Number(seqText);
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    // Resumable: this process's id, not ahead of what was sent, and nothing after it dropped from what is kept.
    if (epoch !== this.epoch || !Number.isSafeInteger(seq) || seq < oldest - 1 || seq > this.seq) {
      const reason = epoch === this.epoch ? 'the messages after this id are no longer kept' : 'this id is not from this server since its start';
      client.send([{ id: `${this.epoch}-${this.seq}`, event: 'reset', data: JSON.stringify({ reason }) }]);
      return;
    }
    client.send(this.recent.slice(seq - oldest + 1).filter((message) => message.channel === channel));
  }
}
