// What a tool is: its name, words for agents, the arguments it takes and the answer it gives (the HTTP route's own
// schemas), whether it only reads or acts, its paid tier, and the handler it calls: the same handler as its route.
// `callTool` runs one call the same way for every tool: the allowance, arguments checked (errors in the route's
// shape), payment verified before and settled after a successful call (api/payments, shared with the routes),
// untrusted text wrapped, and every failure a tool result with `isError`, never a protocol error.
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired, SettleResponse } from '@x402/core/types';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ApiContext } from '../api/deps.js';
import { BadRequestError, NotFoundError } from '../api/errors.js';
import type { IdeaLinker } from '../api/ideas/idea-linker.js';
import type { TokenSearchDeps } from '../api/handlers/tokens.js';
import type { LaunchContext } from '../api/launch/launch-context.js';
import { issueLines, LaunchError } from '../api/launch/launch-error.js';
import type { Allowance } from '../api/payments/allowance.js';
import type { PaidCalls } from '../api/payments/http-payments.js';
import { unknownCoin } from '../api/payments/named-coins.js';
import type { Paywall, VerifiedPayment } from '../api/payments/paywall.js';
import { Answer } from '../api/handlers/answer-cache.js';
import { callPrice, dollars, type Tier } from '../api/payments/tiers.js';
import { paymentRequired as paymentRequiredSchema } from '../schemas/api/payment-required.js';
import { untrustedView, type UntrustedView } from './untrusted-text.js';

/** What every tool call runs with: the API's context and the parts it shares with the HTTP routes. */
export interface ToolDeps {
  api: ApiContext;
  tokens: TokenSearchDeps;
  ideas: IdeaLinker | null;
  launch: LaunchContext | null;
  paidCalls: PaidCalls;
  /** Tool calls a visitor may make a minute; null: no allowance. */
  allowance: Allowance | null;
  /** Who is calling (the allowance counts by it). */
  visitor: string;
  logger?: Logger;
}

export interface Tool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  /** Reads change nothing; launch steps act (they prepare, send and record launches). */
  kind: 'read' | 'launch';
  tier?: Tier;
  input: I;
  /** The arguments as tools/list describes them, when their check is the handler's: a launch body is checked by its
   * handler, as on the HTTP route, so one answer lists every problem (field rules, terms, limits) at once. */
  listedInput?: z.ZodObject;
  /** The route's response schema; the tool's declared output is this with untrusted text wrapped. */
  output: O;
  /** A read's answer as the answer cache keeps it (api/handlers/answer-cache.ts), or a launch step's answer. */
  run(deps: ToolDeps, args: z.output<I>): Promise<z.output<O> | Answer>;
}

/** A tool with what is worked out once from its schemas: its answer as agents see it (output schema and wrapping; a
 * read may also answer that it must be paid, with x402's PaymentRequired) and its arguments as they are checked. */
export interface DefinedTool extends Tool {
  view: UntrustedView;
  checked: z.ZodObject;
}

/** Typed tool declaration (the argument and answer types follow from the schemas). */
export function defineTool<I extends z.ZodObject, O extends z.ZodType>(declared: Tool<I, O>): DefinedTool {
  const tool = declared as unknown as Tool;
  const answer = untrustedView(tool.output);
  const outputSchema = tool.kind === 'read' ? z.union([answer.outputSchema, paymentRequiredSchema]) : answer.outputSchema;
  return { ...tool, view: { outputSchema, wrap: answer.wrap }, checked: inputOf(tool) };
}

/** The `payment` argument of paid tools: x402's PaymentPayload as an object, or base64 as in PAYMENT-SIGNATURE. */
export const paymentArgument = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .describe("An x402 payment (PaymentPayload) for this call, as an object or base64 JSON; or send it in _meta['x402/payment']");

/** A tool's arguments with the `payment` a paid tool also takes. */
export function withPayment(tool: Tool, input: z.ZodObject): z.ZodObject {
  return tool.tier === undefined ? input : input.extend({ payment: paymentArgument });
}

/** The tool's arguments as they are checked. Unknown arguments are refused (a route ignores unknown query keys,
 * which browsers' cache-busting adds; an agent's misspelt argument should say so, not widen a list); a launch step
 * whose arguments are its route's body leaves them to its handler, which refuses unknown keys itself. */
function inputOf(tool: Tool): z.ZodObject {
  const withPaid = withPayment(tool, tool.input);
  return tool.listedInput === undefined ? withPaid.strict() : withPaid;
}

const PAYMENT_META = 'x402/payment';
const RECEIPT_META = 'x402/payment-response';

/** A call's result as JSON (UTF-8). */
export type ToolOutcome = Buffer;

const outcome = (result: CallToolResult): ToolOutcome => Buffer.from(JSON.stringify(result));

/** An error result in the route's shape: `{ error }` for reads, `{ errors: [...] }` for launch steps, as text (a
 * structured error would be checked against the answer's schema by clients). */
function failed(tool: Tool, messages: string[]): ToolOutcome {
  const body = tool.kind === 'launch' ? { errors: messages } : { error: messages.join('; ') };
  return outcome({ isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] });
}

/** x402's MCP convention for a call to pay: an error result carrying the PaymentRequired object. */
function paymentRequired(required: PaymentRequired, receipt?: SettleResponse): ToolOutcome {
  return outcome({
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(required) }],
    structuredContent: required as unknown as Record<string, unknown>,
    ...(receipt ? { _meta: { [RECEIPT_META]: receipt } } : {}),
  });
}

function thrown(tool: Tool, deps: ToolDeps, error: unknown): ToolOutcome {
  if (error instanceof LaunchError) return failed(tool, error.errors);
  if (error instanceof NotFoundError || error instanceof BadRequestError) return failed(tool, [error.message]);
  deps.logger?.error({ err: error, tool: tool.name }, 'tool failed');
  return failed(tool, ['internal error; try again shortly']);
}

/** The payment offered with a call: `_meta['x402/payment']`, else a paid tool's `payment` argument (base64 JSON
 * decoded). */
function offeredPayment(tool: Tool, args: Record<string, unknown>, meta: Record<string, unknown> | undefined): unknown {
  const offered = meta?.[PAYMENT_META] ?? (tool.tier === undefined ? undefined : args.payment);
  if (typeof offered !== 'string') return offered;
  try {
    return decodePaymentSignatureHeader(offered);
  } catch {
    return offered; // refused by the paywall as not a payment payload
  }
}

export async function callTool(tool: DefinedTool, deps: ToolDeps, rawArgs: unknown, meta: Record<string, unknown> | undefined): Promise<ToolOutcome> {
  const args = typeof rawArgs === 'object' && rawArgs !== null ? (rawArgs as Record<string, unknown>) : {};
  const offered = offeredPayment(tool, args, meta);
  const paywall = deps.paidCalls;
  let pastAllowance = false;
  // Launch steps keep their own limits (spec 8), as on the HTTP API.
  if (deps.allowance && tool.kind === 'read') {
    const use = deps.allowance.take(deps.visitor, deps.api.now().getTime());
    pastAllowance = use.exceeded;
    if (pastAllowance && (offered === undefined || paywall === undefined || paywall === 'unavailable')) {
      const retry = `too many tool calls: the free allowance is ${deps.allowance.perMinute} calls a minute; try again in ${use.resetSeconds} s`;
      if (paywall === undefined || paywall === 'unavailable') return failed(tool, [retry]);
      const price = callPrice(deps.api.config, tool.tier, true)!;
      return paymentRequired(await paywall.challenge(price, resourceOf(tool, args), `${retry}, or pay $${dollars(price)} for this call with x402`));
    }
  }
  const parsed = tool.checked.safeParse(args);
  if (!parsed.success)
    return failed(
      tool,
      issueLines(parsed.error.issues).map((line) => `invalid arguments: ${line}`),
    );
  const { payment: _payment, ...toolArgs } = parsed.data;

  const price = paywall === undefined ? null : callPrice(deps.api.config, tool.tier, pastAllowance);
  let verified: VerifiedPayment | null = null;
  if (price !== null) {
    if (paywall === 'unavailable') return failed(tool, ['paid calls are not available on this service right now; try again later']);
    const gate = paywall as Paywall;
    const unknown = unknownCoin(deps.api, toolArgs);
    if (unknown !== null) return failed(tool, [unknown]);
    if (offered === undefined) {
      const error = `payment required: this call costs $${dollars(price)}, paid with x402 (the payment argument or _meta['${PAYMENT_META}'])`;
      return paymentRequired(await gate.challenge(price, resourceOf(tool, args), error));
    }
    const checked = await gate.verify(price, resourceOf(tool, args), offered);
    if (!checked.ok) return paymentRequired(await gate.challenge(price, resourceOf(tool, args), checked.error));
    verified = checked;
  }

  let answer: unknown;
  try {
    answer = await tool.run(deps, toolArgs);
  } catch (error) {
    if (verified) await (paywall as Paywall).release(verified);
    return thrown(tool, deps, error);
  }
  let receipt: SettleResponse | null = null;
  if (verified) {
    const gate = paywall as Paywall;
    const settlement = await gate.settle(verified);
    if (!settlement.ok) return paymentRequired(await gate.challenge(price!, resourceOf(tool, args), settlement.error), settlement.settlement);
    receipt = settlement.receipt;
  }
  const json = resultJson(tool, answer instanceof Answer ? JSON.parse(answer.json.toString()) : answer);
  if (receipt === null) return json;
  return Buffer.concat([json.subarray(0, -1), Buffer.from(`,"_meta":${JSON.stringify({ [RECEIPT_META]: receipt })}}`)]);
}

/** The result JSON of an answer: the text copy and the structured answer, untrusted text wrapped (UTF-8: sent as it
 * is, where a string would be encoded again on every send). */
function resultJson(tool: DefinedTool, answer: unknown): Buffer {
  const text = JSON.stringify(tool.view.wrap(answer));
  return Buffer.from(`{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}`);
}

/** What a payment for a tool call pays for: the tool with its arguments (those it was challenged with), so a payment
 * made for one call is refused on another. */
function resourceOf(tool: Tool, args: Record<string, unknown>): string {
  const query = new URLSearchParams(
    Object.keys(args)
      .filter((key) => key !== 'payment')
      .sort()
      .map((key): [string, string] => [key, typeof args[key] === 'string' ? args[key] : JSON.stringify(args[key])]),
  ).toString();
  return `/mcp/tools/${tool.name}${query === '' ? '' : `?${query}`}`;
}
