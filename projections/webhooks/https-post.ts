// Delivery of one signed webhook POST to a subscriber's URL, under the receiver rules (receiver-address.ts): the
// host is checked at every delivery and the connection goes to exactly the address that was checked, so a DNS
// answer that changes between check and connect (rebinding) cannot steer it elsewhere. Redirects are never
// followed. Every failure comes back as an outcome for the delivery log, never as an exception.
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkReceiver, parseReceiverUrl, ReceiverRefused, type ReceiverPolicy, type ResolvedAddress } from './receiver-address.js';

export interface PostOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface PostOptions {
  policy: ReceiverPolicy;
  /** The whole exchange (check, connect, TLS, request, response headers and body) must finish within this. */
  timeoutMs: number;
  signal?: AbortSignal;
}

const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_LOCATION_SHOWN = 200;

interface PinnedRequestOptions extends https.RequestOptions {
  pinnedAddress: string;
}

// The pool key includes the checked address, so a delivery only reuses a connection to the address it checked
// itself, not one opened for an earlier answer of the same name.
class PinnedAgent extends https.Agent {
  override getName(options?: https.RequestOptions): string {
    const pinned = (options as Partial<PinnedRequestOptions> | undefined)?.pinnedAddress ?? '';
    return `${super.getName(options)}:${pinned}`;
  }
}

const agent = new PinnedAgent({ keepAlive: true, maxSockets: 8, maxTotalSockets: 256, timeout: 30_000 });

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'HOSTNAME_MISMATCH',
]);

function failed(status: number | null, error: string): PostOutcome {
  return { ok: false, status, error };
}

function errorCode(error: unknown): string | null {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

function connectionError(error: unknown, host: string): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code !== null && (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) {
    return `TLS with ${host} failed: ${message}`;
  }
  if (code === 'ECONNREFUSED') return `connection to ${host} refused`;
  if (code === 'ECONNRESET') return `connection to ${host} was reset`;
  return `delivery to ${host} failed: ${message}${code !== null && !message.includes(code) ? ` (${code})` : ''}`;
}

function printable(text: string): string {
  const clean = text.replace(/\p{Cc}/gu, '?');
  return clean.length > MAX_LOCATION_SHOWN ? `${clean.slice(0, MAX_LOCATION_SHOWN)}…` : clean;
}

function statusOutcome(status: number, location: string | undefined): PostOutcome {
  if (status >= 200 && status < 300) return { ok: true, status, error: null };
  if (status >= 300 && status < 400) {
    const target = location === undefined ? 'without a Location' : `to ${printable(location)}`;
    return failed(status, `receiver answered HTTP ${status}: the redirect ${target} was not followed; webhook URLs must answer the POST themselves`);
  }
  return failed(status, `receiver answered HTTP ${status}`);
}

/** The checked promise, or a rejection as soon as `stop` aborts (a slow DNS answer cannot hold a delivery). */
function untilStopped<T>(work: Promise<T>, stop: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onStop = (): void => reject(new Error('stopped'));
    stop.addEventListener('abort', onStop, { once: true });
    work.then(
      (value) => {
        stop.removeEventListener('abort', onStop);
        resolve(value);
      },
      (error: unknown) => {
        stop.removeEventListener('abort', onStop);
        reject(error);
      },
    );
  });
}

function send(
  url: URL,
  target: ResolvedAddress,
  body: string,
  headers: Readonly<Record<string, string>>,
  stop: AbortSignal,
  stopReason: () => string,
): Promise<PostOutcome> {
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    let status: number | null = null;
    const finish = (outcome: PostOutcome): void => {
      if (settled) return;
      settled = true;
      stop.removeEventListener('abort', onStop);
      resolve(outcome);
    };

    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const literal = isIP(host) !== 0;
    // Hands the connection the checked address instead of asking DNS again. Node asks for all addresses when it
    // races address families, one address otherwise.
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all === true) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };

    const sent: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'content-type' && lower !== 'content-length' && lower !== 'host') sent[name] = value;
    }
    sent['Content-Type'] = 'application/json';
    sent['Content-Length'] = Buffer.byteLength(body);
    sent.Host = url.host;

    const options: PinnedRequestOptions = {
      agent,
      method: 'POST',
      host,
      port: url.port === '' ? 443 : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: sent,
      lookup: pinnedLookup,
      family: target.family,
      pinnedAddress: target.address,
      // SNI carries names only; for an IP literal the certificate is checked against the IP itself.
      ...(literal ? {} : { servername: host.endsWith('.') ? host.slice(0, -1) : host }),
    };

    let request: ReturnType<typeof https.request>;
    try {
      request = https.request(options);
    } catch (error) {
      // Invalid header names or values are refused synchronously.
      finish(failed(null, `request not sent: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }

    function onStop(): void {
      finish(failed(status, stopReason()));
      request.destroy();
    }
    request.on('error', (error) => finish(failed(status, connectionError(error, url.host))));
    if (stop.aborted) {
      onStop();
      return;
    }
    stop.addEventListener('abort', onStop, { once: true });
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      const answered = status;
      const location = response.headers.location;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES && !settled) {
          // The answer is known from the status; a larger body is not worth reading, nor the connection keeping.
          finish(answered === null ? failed(null, 'receiver answered without a status') : statusOutcome(answered, location));
          response.destroy();
          request.destroy();
        }
      });
      response.on('end', () => {
        finish(answered === null ? failed(null, 'receiver answered without a status') : statusOutcome(answered, location));
      });
      response.on('error', (error) => finish(failed(answered, `response from ${url.host} broke off: ${error.message}`)));
      response.on('close', () => {
        if (!response.complete) finish(failed(answered, `response from ${url.host} broke off before its end`));
      });
    });
    request.end(body);
  });
}

/** POST `body` (JSON text) to `url` with `headers` (Content-Type application/json added), under the receiver
 * rules. Never throws: a refused URL or address, DNS failure, connection or TLS error, timeout (the whole exchange
 * up to the response's headers and body must finish within timeoutMs), non-2xx or 3xx all come back as
 * { ok: false, status, error }; a 2xx is { ok: true, status, error: null }. Reads at most 64 KiB of the response
 * body and discards it. */
export async function postJson(url: string, body: string, headers: Readonly<Record<string, string>>, options: PostOptions): Promise<PostOutcome> {
  const { policy, timeoutMs, signal } = options;
  if (signal?.aborted === true) return failed(null, 'delivery aborted before it started');

  const stop = new AbortController();
  let reason = '';
  const end = (why: string): void => {
    if (stop.signal.aborted) return;
    reason = why;
    stop.abort();
  };
  const timer = setTimeout(() => end(`timed out after ${timeoutMs} ms without a complete answer`), timeoutMs);
  const onAbort = (): void => end('delivery aborted');
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let parsed: URL;
    let target: ResolvedAddress;
    try {
      parsed = parseReceiverUrl(url);
      target = await untilStopped(checkReceiver(parsed, policy), stop.signal);
    } catch (error) {
      if (stop.signal.aborted) return failed(null, reason);
      if (error instanceof ReceiverRefused) return failed(null, error.message);
      return failed(null, `receiver check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return await send(parsed, target, body, headers, stop.signal, () => reason);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
