// The ideas import: a JSON file of ideas (`{ "ideas": [...] }` or a bare array), validated whole before
// anything is written, then written idempotently by id: a new id is added, a known one is updated when its
// content changed and left alone otherwise; the link to a launched coin is never touched by an import.
import { isAddress } from '@solana/kit';
import { z } from 'zod';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { ideasCollection, matchKey, type IdeaRecord } from './idea-records.js';

const LINK = /(https?:\/\/|www\.|\]\()/i;
const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !/[\r\n]/.test(text), 'must be one line');

const importedIdea = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, . _ - only'),
  name: oneLine(32),
  ticker: z
    .string()
    .trim()
    .regex(/^\$?[A-Za-z0-9]{1,10}$/, '1 to 10 letters or digits, an optional leading $'),
  pitch: oneLine(280),
  trend: oneLine(120),
  story: z.string().trim().min(1).max(4_000),
  takes: z
    .array(oneLine(280).refine((text) => !LINK.test(text), 'a take carries no links'))
    .max(10)
    .default([]),
  pair: z.string().refine(isAddress, 'not a base58 address').default(NATIVE_MINT_ID).describe('Mint of the launchpad quote token'),
  crew: z
    .strictObject({
      scores: z.array(z.int().min(0).max(20)).length(5, 'five scores, one per crew character'),
      scoredAt: z.iso.datetime({ offset: true }),
    })
    .nullable()
    .default(null),
  createdAt: z.iso.datetime({ offset: true }),
});

export const ideasFile = z.preprocess((json) => (Array.isArray(json) ? { ideas: json } : json), z.strictObject({ ideas: z.array(importedIdea) }));

export type IdeasFile = z.output<typeof ideasFile>;

export class IdeasFileError extends Error {}

/** Parses and validates the file's text; IdeasFileError lists every problem with its place. */
export function parseIdeasFile(text: string): IdeasFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new IdeasFileError(`not JSON: ${(error as Error).message}`);
  }
  const parsed = ideasFile.safeParse(json);
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`)), ...duplicateIds(json)];
  if (!parsed.success || problems.length > 0) throw new IdeasFileError(`invalid ideas file:\n  ${problems.join('\n  ')}`);
  return parsed.data;
}

/** Ids given twice, checked on the raw file so they are reported beside any other problem. */
function duplicateIds(json: unknown): string[] {
  const list = Array.isArray(json) ? json : (json as { ideas?: unknown } | null)?.ideas;
  if (!Array.isArray(list)) return [];
  const seen = new Set<unknown>();
  return list.flatMap((item: unknown, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return [];
    const twice = seen.has(id);
    seen.add(id);
    return twice ? [`ideas[${index}].id: duplicate id ${id}`] : [];
  });
}

function formatPath(path: PropertyKey[]): string {
  const text = path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
  return text.replace(/^\./, '') || '(file)';
}

export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
}

const CONTENT_FIELDS = ['name', 'ticker', 'pitch', 'trend', 'story', 'takes', 'pairMint', 'crewScores', 'crewScore', 'scoredAt', 'createdAt'] as const;

function sameContent(a: Omit<IdeaRecord, 'importedAt' | 'launchedMint'>, b: IdeaRecord): boolean {
  return CONTENT_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/** Writes the file's ideas in one transaction. `importedAt` is this machine's wall clock (never a test's
 * clock): the linker finds newly written ideas by it. */
export async function importIdeas(store: OpStore, file: IdeasFile): Promise<ImportSummary> {
  const importedAt = Date.now();
  return store.transact(async (tx) => {
    const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0 };
    for (const idea of file.ideas) {
      const content = {
        id: idea.id,
        name: idea.name,
        ticker: idea.ticker,
        pitch: idea.pitch,
        trend: idea.trend,
        story: idea.story,
        takes: idea.takes,
        pairMint: idea.pair,
        crewScores: idea.crew?.scores ?? [],
        crewScore: idea.crew === null ? null : idea.crew.scores.reduce((sum, score) => sum + score, 0),
        scoredAt: idea.crew === null ? null : Date.parse(idea.crew.scoredAt),
        createdAt: Date.parse(idea.createdAt),
        matchKey: matchKey(idea.name, idea.ticker),
      };
      const existing = await tx.get(ideasCollection, idea.id);
      if (existing === null) {
        await tx.insert(ideasCollection, { ...content, importedAt, launchedMint: null });
        summary.added += 1;
      } else if (sameContent(content, existing)) {
        summary.unchanged += 1;
      } else {
        await tx.update(ideasCollection, idea.id, { ...content, importedAt });
        summary.updated += 1;
      }
    }
    return summary;
  });
}
