import { z } from 'zod';
import { documentProblem, markdownNestingProblem } from '../content/limits.js';
import { MAX_DOCUMENT_BLOCKS, MAX_MARKDOWN_LENGTH } from './limits.js';
import { DocumentTopLevelBlock } from './document-nodes.js';

/** Roles from the strongest to the weakest; the order is what `roleAtLeast` relies on. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export const Role = z.enum(ROLES).meta({ id: 'MemberRole' });
export type Role = z.infer<typeof Role>;

/** null stands for guests. */
export const RoleOrGuest = Role.nullable().meta({ id: 'MemberRoleOrGuest' });
export type RoleOrGuest = z.infer<typeof RoleOrGuest>;

export const DefaultLevel = z.union([Role, z.null(), z.literal('inherit')]).meta({ id: 'DefaultLevel' });
export type DefaultLevel = z.infer<typeof DefaultLevel>;

export const Timestamp = z.string().meta({ id: 'Timestamp', format: 'date-time' });

export const EntityId = z
  .string()
  .regex(/^[a-zA-Z0-9_-]+$/, 'must contain only letters, digits, "_" and "-"')
  .max(128);

export const Url = z.url().max(2048);

export const Emoji = z.string().max(50).meta({ id: 'Emoji' });

/** The 38 of 0.146.0 (the documents show only `en`; 0.202.0 adds `zh-tw`). */
export const TRANSLATION_LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl',
  'tr', 'sv', 'no', 'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr',
  'lt', 'lv', 'et', 'sl',
] as const;
export const TranslationLanguage = z.enum(TRANSLATION_LANGUAGES).meta({ id: 'TranslationLanguage' });

/** Query parameters every list accepts. The default page size is documented in docs/api.md. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const ListQuery = z.object({
  page: z.string().optional(),
  limit: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const ListOrder = z.enum(['asc', 'desc']).default('desc');

/** Query booleans arrive as text. */
export const QueryBoolean = z.stringbool();

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    next: z.object({ page: z.string() }).optional(),
    count: z.number().int(),
    items: z.array(item),
  });
}

export const ErrorBody = z
  .object({ error: z.object({ code: z.number().int(), message: z.string() }) })
  .meta({ id: 'Error' });

export const User = z
  .object({
    object: z.literal('user'),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'User' });

/** A reference to content as documents and link pages hold it: `{kind: 'page', page}`, `{kind: 'file', file}`, `{kind: 'url', url}`, … */
export const ContentRef = z.looseObject({ kind: z.string() }).meta({ id: 'ContentRef' });

/**
 * Rich-text document as the API exchanges it; its nodes as 0.146.0 describes them (`document-nodes.ts`),
 * nested within the content limits (docs/content-model.md, "Limits"; the JSON body's own depth limit
 * bounds this schema's walk). Its size is bounded where a request sends one as content (`JSONDocumentInput`).
 */
export const JSONDocument = z
  .object({
    object: z.literal('document'),
    data: z.looseObject({ schemaVersion: z.number().int().optional() }),
    nodes: z.array(DocumentTopLevelBlock),
    meta: z.object({ token: z.string().optional() }).optional(),
  })
  .superRefine((document, ctx) => refuse(ctx, documentProblem(document)))
  .meta({ id: 'JSONDocument' });

/** Markdown as sent: its length and the nesting of its container markers are checked before it is parsed. */
export const MarkdownText = z
  .string()
  .max(MAX_MARKDOWN_LENGTH)
  .superRefine((markdown, ctx) => refuse(ctx, markdownNestingProblem(markdown)));

/**
 * A `Document` a request sends as content (a page's body, a comment, a conflict's resolution): no
 * more than `MAX_DOCUMENT_BLOCKS` blocks too, as it is converted and written inside the request's
 * transaction, on the event loop. The served description shows it as a `JSONDocument`.
 */
export const JSONDocumentInput = JSONDocument.superRefine((document, ctx) => refuse(ctx, documentProblem(document, MAX_DOCUMENT_BLOCKS)));

function refuse(ctx: z.RefinementCtx, problem: string | undefined): void {
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

const ReviewerRule = z.object({
  rule: z.enum(['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass']),
  users: z.array(z.string()),
});
const PlainRule = z.object({
  rule: z.enum([
    'require_at_least_one_review',
    'require_all_reviews_approved',
    'require_agent_review',
    'require_up_to_date_change_request',
    'require_change_request_subject',
    'require_change_request_description',
  ]),
});
const CustomRule = z.object({
  rule: z.literal('custom'),
  expression: z.string().max(1024),
  message: z.string().optional(),
});
export const MergeRule = z.union([ReviewerRule, PlainRule, CustomRule]).meta({ id: 'MergeRule' });

const RulesConfiguration = z.object({ type: z.literal('rules'), rules: z.array(MergeRule) });
const NoRules = z.object({ type: z.literal('none') });
const InheritRules = z.object({ type: z.literal('inherit') });

/**
 * An organization's rules as it answers them. Part A allows `{type: inherit}` or `{type: rules}`
 * there, 0.146.0 `rules` or `none`: an organization has nothing to inherit from, so it answers
 * `rules`, an empty list when it has none, which both admit (docs/decisions.md).
 */
export const OrganizationMergeRules = RulesConfiguration.meta({ id: 'MergeRulesConfigurationRules' });
/** What an organization takes: the documents' two forms and 0.146.0's `none`; `inherit` and `none` both mean no rules. */
export const OrganizationMergeRulesInput = z
  .discriminatedUnion('type', [InheritRules, RulesConfiguration, NoRules])
  .meta({ id: 'OrganizationMergeRulesInput' });
export type OrganizationMergeRulesInput = z.infer<typeof OrganizationMergeRulesInput>;
export const SpaceMergeRules = z
  .discriminatedUnion('type', [InheritRules, RulesConfiguration, NoRules])
  .meta({ id: 'MergeRulesSpaceConfiguration' });
